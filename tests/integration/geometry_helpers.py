"""Helpers for the geometry tests: monitors, work areas, rectangles, states.

The tests of constraints, placement, window states, struts, monitors and
the autofullscreen rule share these. Nothing here sleeps: purr is waited
for with Harness.sync(), other programs with Harness.wait_until().

Monitors are RandR 1.5 virtual monitors on one Xvfb screen, made with
`xrandr --setmonitor` (Xvfb runs with -noreset, so they outlive the
short-lived xrandr client). The framebuffer size is fixed for the server's
lifetime, so a layout names the size it needs.

Rectangles are (x, y, w, h) tuples in root coordinates throughout.
"""

import re
import shutil
import subprocess
import unittest

from Xlib import X

import harness
import testclient

# _MOTIF_WM_HINTS: flags bit 1 (value 2) says the decorations field counts.
MWM_HINTS_DECORATIONS = 1 << 1

# ICCCM win_gravity values.
NorthWestGravity = 1
NorthGravity = 2
NorthEastGravity = 3
WestGravity = 4
CenterGravity = 5
EastGravity = 6
SouthWestGravity = 7
SouthGravity = 8
SouthEastGravity = 9
StaticGravity = 10

# Monitor layouts: (framebuffer size, [(name, x, y, w, h), ...]). The first
# monitor replaces Xvfb's own ("screen" output); the others have none.
# Sizes differ on purpose, so that a rule using the wrong monitor shows.
ONE = None  # the harness's default screen: RandR reports one monitor
TWO = ((3200, 1080), [('L', 0, 0, 1920, 1080),
                      ('R', 1920, 0, 1280, 1024)])
THREE = ((3584, 1024), [('A', 0, 0, 1280, 1024),
                        ('B', 1280, 0, 1024, 768),
                        ('C', 2304, 0, 1280, 1024)])


def rect_contains(outer, inner):
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return ix >= ox and iy >= oy and ix + iw <= ox + ow and iy + ih <= oy + oh


def rect_overlap(a, b):
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return max(0, x1 - x0) * max(0, y1 - y0)


def rect_centre(r):
    return (r[0] + r[2] / 2.0, r[1] + r[3] / 2.0)


def grow(r, ext):
    """Client rectangle grown by _NET_FRAME_EXTENTS (left right top
    bottom): the frame's rectangle."""
    left, right, top, bottom = ext or (0, 0, 0, 0)
    return (r[0] - left, r[1] - top, r[2] + left + right, r[3] + top + bottom)


def motif_undecorated(win):
    """Ask for no decorations the way GTK and legacy programs do."""
    win.set_cardinals('_MOTIF_WM_HINTS', [MWM_HINTS_DECORATIONS, 0, 0, 0, 0])


def have(*programs):
    return all(shutil.which(p) for p in programs)


class Geometry:
    """Views of one harness's display, in root coordinates."""

    def __init__(self, h):
        self.h = h

    # -- windows --------------------------------------------------------

    def client_rect(self, win):
        """The client window's own rectangle in root coordinates."""
        x, y = self.h.root_position(win)
        g = self.h.geometry(win)
        return (x + g[4], y + g[4], g[2], g[3])

    def frame_rect(self, win):
        """The visible frame as the window's frame (the top-level child of
        the root holding it) has it: where that window takes the pointer,
        the whole frame window (purr's compositor draws the theme's shadow
        outside it). A hidden tab's frame takes no pointer, so for a hidden
        window use decorated_rect()."""
        return self.h.input_rect(self.h.frame_of(win))

    def frame_window_rect(self, win):
        """The outer rectangle of the frame window itself: the visible
        frame."""
        return self.h.outer_rect(self.h.frame_of(win))

    def extents(self, win):
        v = self.h.frame_extents(win)
        return tuple(v) if v else (0, 0, 0, 0)

    def decorated_rect(self, win):
        """The client grown by what _NET_FRAME_EXTENTS says: the frame as
        the manager reports it, whatever its decorations look like."""
        return grow(self.client_rect(win), self.extents(win))

    def state(self, win):
        return self.h.net_wm_state(win)

    def actions(self, win):
        return set(self.h.atoms_prop(win, '_NET_WM_ALLOWED_ACTIONS') or [])

    def workarea(self):
        """_NET_WORKAREA of the current desktop."""
        v = self.h.cardinals(self.h.root, '_NET_WORKAREA')
        if not v:
            return None
        cur = self.h.current_desktop() or 0
        return tuple(v[4 * cur:4 * cur + 4])

    def stack_index(self, win):
        """Position of win's frame in the X stacking (bottom 0)."""
        return self.h.stacking().index(self.h.frame_of(win))

    def is_above(self, upper, lower):
        return self.stack_index(upper) > self.stack_index(lower)

    def viewable(self, win):
        return self.h.map_state(self.h.frame_of(win)) == X.IsViewable

    # -- requests -------------------------------------------------------

    def set_state(self, win, action, first, second=None):
        self.h.change_state(win, action, first, second)

    def maximize(self, win, on=True):
        self.h.change_state(win, 1 if on else 0, 'MAXIMIZED_VERT',
                            'MAXIMIZED_HORZ')

    def fullscreen(self, win, on=True):
        self.h.change_state(win, 1 if on else 0, 'FULLSCREEN')

    def iconify(self, win):
        """ICCCM 4.1.4: WM_CHANGE_STATE with IconicState, to the root."""
        self.h.send_message(win, 'WM_CHANGE_STATE',
                            [testclient.IconicState])

    def moveresize(self, win, x=None, y=None, w=None, h=None, gravity=0,
                   source=2):
        """_NET_MOVERESIZE_WINDOW: flags bits 8..11 say which of x, y,
        width and height are given, 12..13 the source, 0..7 the gravity."""
        flags = gravity & 0xff
        vals = []
        for bit, v in zip((8, 9, 10, 11), (x, y, w, h)):
            if v is not None:
                flags |= 1 << bit
            vals.append(0 if v is None else v)
        flags |= (source & 3) << 12
        self.h.send_message(win, '_NET_MOVERESIZE_WINDOW', [flags] + vals)

    def fullscreen_monitors(self, win, top, bottom, left, right, source=2):
        self.h.send_message(win, '_NET_WM_FULLSCREEN_MONITORS',
                            [top, bottom, left, right, source])

    def warp_pointer(self, x, y):
        self.h.root.warp_pointer(x, y)
        self.h.d.sync()

    # -- windows of particular kinds -------------------------------------

    def dock(self, client, x, y, w, hgt, strut=None, partial=None, **kw):
        """A dock window at (x, y, w, hgt) with _NET_WM_STRUT (4 values)
        and/or _NET_WM_STRUT_PARTIAL (12 values), set before it maps."""
        win = client.create_window(x=x, y=y, width=w, height=hgt,
                                   types=['DOCK'], map=False, **kw)
        if strut is not None:
            win.set_cardinals('_NET_WM_STRUT', strut)
        if partial is not None:
            win.set_cardinals('_NET_WM_STRUT_PARTIAL', partial)
        win.map()
        return win


def bottom_partial(height, x0, x1):
    """_NET_WM_STRUT_PARTIAL reserving height rows at the bottom of the
    screen, from x0 to x1 inclusive."""
    return [0, 0, 0, height, 0, 0, 0, 0, 0, 0, x0, x1]


def top_partial(height, x0, x1):
    return [0, 0, height, 0, 0, 0, 0, 0, x0, x1, 0, 0]


def left_partial(width, y0, y1):
    return [width, 0, 0, 0, y0, y1, 0, 0, 0, 0, 0, 0]


def right_partial(width, y0, y1):
    return [0, width, 0, 0, 0, 0, y0, y1, 0, 0, 0, 0]


class Monitors:
    """Virtual monitors of one Xvfb, through the xrandr program."""

    def __init__(self, h):
        self.h = h

    def xrandr(self, *args):
        r = subprocess.run(['xrandr'] + list(args), env=self.h.env(),
                           capture_output=True, text=True, timeout=20,
                           stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise AssertionError('xrandr %s failed (%d): %s%s' % (
                ' '.join(args), r.returncode, r.stdout, r.stderr))
        return r.stdout

    def set(self, name, x, y, w, h, first=False):
        """Add (or replace) a monitor; the first one takes Xvfb's output.
        The physical size is set to 96 dpi."""
        geo = '%d/%dx%d/%d+%d+%d' % (w, max(1, w * 254 // 960), h,
                                     max(1, h * 254 // 960), x, y)
        self.xrandr('--setmonitor', name, geo, 'screen' if first else 'none')

    def delete(self, name):
        self.xrandr('--delmonitor', name)

    def listed(self):
        """[(name, (x, y, w, h))] in RandR's order (which Xinerama and so
        _NET_WM_FULLSCREEN_MONITORS indices follow)."""
        out = self.xrandr('--listmonitors')
        mons = []
        for line in out.splitlines()[1:]:
            m = re.match(r'^\s*\d+:\s+[+*]*(\S+)\s+(\d+)/\d+x(\d+)/\d+'
                         r'\+(-?\d+)\+(-?\d+)', line)
            if m:
                mons.append((m.group(1), (int(m.group(4)), int(m.group(5)),
                                          int(m.group(2)), int(m.group(3)))))
        return mons

    def index(self, name):
        for i, (n, _) in enumerate(self.listed()):
            if n == name:
                return i
        raise AssertionError('no monitor %s in %r' % (name, self.listed()))


class GeometryTestCase(harness.PurrTestCase):
    """A fresh Xvfb with the class's monitor layout, then purr.

    layout: ONE, TWO or THREE above. purr_args: purr's extra arguments.
    self.g: Geometry views; self.mon: Monitors; self.monitors: {name:
    rect} of the layout (for ONE: {'screen': the whole screen})."""

    layout = ONE
    start_purr = False  # started below, once the monitors exist
    wm_after_monitors = True

    def setUp(self):
        saved = harness.SCREEN_W, harness.SCREEN_H
        if self.layout is not None:
            harness.SCREEN_W, harness.SCREEN_H = self.layout[0]
        try:
            super().setUp()
        finally:
            harness.SCREEN_W, harness.SCREEN_H = saved
        self.g = Geometry(self.h)
        self.mon = Monitors(self.h)
        if self.layout is None:
            g = self.h.geometry(self.h.root)
            self.monitors = {'screen': (0, 0, g[2], g[3])}
        else:
            self.monitors = {}
            for i, (name, x, y, w, hh) in enumerate(self.layout[1]):
                self.mon.set(name, x, y, w, hh, first=(i == 0))
                self.monitors[name] = (x, y, w, hh)
            self.assertEqual(dict(self.mon.listed()), self.monitors,
                             'xrandr did not make the monitors asked for')
        if self.wm_after_monitors:
            self.start_wm()

    def start_wm(self):
        self.purr = self.h.start_purr(self.purr_args)
        self.h.sync()

    @property
    def screen(self):
        g = self.h.geometry(self.h.root)
        return (0, 0, g[2], g[3])

    # -- log lines --------------------------------------------------------

    def log_mark(self):
        return len(self.purr.stderr_lines())

    def log_since(self, mark):
        return self.purr.stderr_lines()[mark:]

    def assertOneLogLine(self, mark, win=None, pattern=None):
        """Exactly one new line on purr's stderr since mark (naming win's
        XID as 0x%x when win is given, matching pattern if given)."""
        self.h.sync()
        lines = self.log_since(mark)
        self.assertEqual(len(lines), 1, 'expected exactly one log line, '
                         'got %d: %r' % (len(lines), lines))
        if win is not None:
            self.assertIn('0x%x' % self.h._id(win), lines[0])
        if pattern is not None:
            self.assertRegex(lines[0], pattern)
        self.assertTrue(lines[0].startswith('purr: '), lines[0])
        return lines[0]

    def assertAlive(self):
        self.h.sync()
        self.assertTrue(self.purr.alive(), 'purr died')
        probe = self.window(title='probe after bad input')
        self.assertManaged(probe)

    # -- geometry assertions ----------------------------------------------

    def assertTitleReachable(self, win, monitors=None):
        """The frame's title strip shows on some monitor, at least 64
        pixels of it (or all of it, for narrower windows)."""
        f = self.g.frame_rect(win)
        top = max(self.g.extents(win)[2], 1)
        need = min(f[2], 64)
        monitors = monitors or self.monitors
        for m in monitors.values():
            vis = min(f[0] + f[2], m[0] + m[2]) - max(f[0], m[0])
            if (f[1] >= m[1] and f[1] + top <= m[1] + m[3]
                    and vis >= need):
                return
        self.fail('the title strip of 0x%x (frame %r, title %d px) shows '
                  'on no monitor of %r' % (self.h._id(win), f, top,
                                           monitors))

    def assertFillsArea(self, win, area, msg=''):
        """win's frame (client grown by _NET_FRAME_EXTENTS) is exactly
        area, and the real frame window agrees: it holds area and takes
        the pointer exactly there."""
        self.assertEqual(self.g.decorated_rect(win), tuple(area),
                         'window frame (client + _NET_FRAME_EXTENTS) is not '
                         'the area %r %s' % (tuple(area), msg))
        self.assertEqual(self.g.frame_rect(win), tuple(area),
                         'frame window (its input region) is not the area '
                         '%r %s' % (tuple(area), msg))
        self.assertTrue(rect_contains(self.g.frame_window_rect(win), area),
                        'frame window %r does not hold the area %r %s'
                        % (self.g.frame_window_rect(win), tuple(area), msg))

    def assertFullscreenOn(self, win, rect):
        self.assertIn('_NET_WM_STATE_FULLSCREEN', self.g.state(win))
        self.assertEqual(self.g.client_rect(win), tuple(rect))
        self.assertEqual(self.g.extents(win), (0, 0, 0, 0))

    def maximized_area_on(self, x, y, client=None):
        """The work area of the monitor holding (x, y), as purr shows it:
        the frame of a window placed there and maximized. The window is
        destroyed again."""
        w = (client or self.c).create_window(
            x=x, y=y, width=100, height=80,
            normal_hints={'us_position': True})
        self.h.sync()
        self.g.maximize(w)
        self.h.sync()
        r = self.g.frame_rect(w)
        w.destroy()
        self.h.sync()
        return r


def skip_unless(*programs):
    missing = [p for p in programs if not shutil.which(p)]
    return unittest.skipIf(bool(missing), 'not installed: %s'
                           % ', '.join(missing))


def run_tool(h, argv, timeout=20, check=True):
    """Run a command-line tool on the private display; its stdout. It has
    exited when this returns, so what it sent reached the server first."""
    r = subprocess.run(argv, env=h.env(), capture_output=True, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL)
    if check and r.returncode != 0:
        raise AssertionError('%s failed (%d): %s%s' % (
            ' '.join(argv), r.returncode, r.stdout, r.stderr))
    return r.stdout


def pid_pred(h, proc):
    def pred(w):
        v = h.prop(w, '_NET_WM_PID')
        return v is not None and v[2][:1] == [proc.pid]
    return pred


def class_pred(h, klass):
    def pred(w):
        v = h.prop(w, 'WM_CLASS')
        return v is not None and klass.encode() in v[2].split(b'\0')
    return pred


main = harness.main


# -- one test class per layout --------------------------------------------

class OnOne(GeometryTestCase):
    """One monitor: the harness's 1280x1024 screen, as RandR reports it."""
    layout = ONE
    target = 'screen'

    def setUp(self):
        super().setUp()
        self.T = self.monitors[self.target]
        self.point_at(self.T)

    def point_at(self, rect):
        cx, cy = rect_centre(rect)
        self.g.warp_pointer(int(cx), int(cy))

    def on_target(self, dx, dy):
        """A point dx, dy from the target monitor's top-left corner."""
        return (self.T[0] + dx, self.T[1] + dy)

    def others(self):
        return {n: r for n, r in self.monitors.items() if n != self.target}


class OnTwo(OnOne):
    """Two virtual monitors of different sizes; tests run on the second,
    which does not start at the origin."""
    layout = TWO
    target = 'R'


class OnThree(OnOne):
    """Three virtual monitors; tests run on the smaller middle one."""
    layout = THREE
    target = 'B'


LAYOUT_CLASSES = {'One': OnOne, 'Two': OnTwo, 'Three': OnThree}


def per_layout(namespace, *mixins, layouts=('One', 'Two', 'Three')):
    """Make a TestCase class per mixin and layout in namespace (a module's
    globals()): SizeHintsTests + OnTwo -> SizeHintsTwo."""
    for mixin in mixins:
        base = mixin.__name__[:-5] if mixin.__name__.endswith('Tests') \
            else mixin.__name__
        for name in layouts:
            cls = type(base + name, (mixin, LAYOUT_CLASSES[name]),
                       {'__module__': namespace['__name__'],
                        '__doc__': mixin.__doc__})
            namespace[cls.__name__] = cls
