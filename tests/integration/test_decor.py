#!/usr/bin/python3
"""Window frames drawn with GTK's CSS engine, checked on the screen.

purr paints each frame from the GTK theme with the user's theme.css
($XDG_CONFIG_HOME/purr/theme.css) above it. These tests give the title
strip, the title, the buttons and the border colours of their own and read
them back from screenshots of the private Xvfb (`import -window root`),
finding places from the frame window and _NET_FRAME_EXTENTS, never from
hard-coded sizes:

- focused and unfocused (:backdrop) colours where they belong;
- theme.css rewritten (in place and by rename) while purr runs: the new
  look shows within a few seconds, same purr process;
- a broken theme.css: one FILE:LINE:COL line on stderr, not repeated on
  repaints, and its valid rules still apply;
- `purr-theme render` draws the same pixels as purr for the same CSS;
- the buttons: close, maximize (and back), minimize act on release inside
  them, a press moved off before release does nothing, and a fixed-size
  window has no maximize button;
- _NET_FRAME_EXTENTS equals what is drawn (default Adwaita);
- bad input (a 10 MB theme.css, bytes that are not UTF-8, missing and
  corrupt images, a 1 MB title, invalid UTF-8 titles, a 1 px wide window):
  purr carries on, windows stay managed and framed;
- the invisible grip outside a thin border resizes;
- another GTK theme (Arc) gives another strip colour.

Colours are compared per channel with a tolerance (TOL).
"""

import os
import subprocess
import sys
import time

from Xlib import X

import geometry_helpers
import harness
from input_helpers import InputTestCase

MAX_V, MAX_H = '_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'
TOL = 24
# A deadline for what purr shows after a change, not a speed target (the
# benchmark measures that): generous for sanitizer builds on a busy machine.
WAIT = 10.0

RED = (0xff, 0x00, 0x00)
BLUE = (0x00, 0x00, 0xff)
GREEN = (0x00, 0xff, 0x00)
YELLOW = (0xff, 0xff, 0x00)
MAGENTA = (0xff, 0x00, 0xff)
CYAN = (0x00, 0xff, 0xff)
ORANGE = (0xff, 0x80, 0x00)
GREY = (0x80, 0x80, 0x80)
CLIENT_BG = (0x12, 0x34, 0x56)

# Every part its own colour; the border 3 px wide (no shadow outline).
COLOURS_CSS = """\
.purr .titlebar { background: #ff0000; }
.purr .titlebar:backdrop { background: #0000ff; }
.purr .titlebar .title { color: #00ff00; }
.purr .titlebutton.close { background: #ffff00; }
.purr decoration { box-shadow: none; border: 3px solid #ff00ff; }
"""

# The buttons told apart by colour, so that tests find them on the screen.
BUTTONS_CSS = """\
.purr .titlebar { background: #808080; }
.purr .titlebar:backdrop { background: #808080; }
.purr .titlebutton.close { background: #ffff00; }
.purr .titlebutton.maximize { background: #00ffff; }
.purr .titlebutton.minimize { background: #ff8000; }
.purr .titlebutton.close:hover { background: #00ff00; }
.purr .titlebutton.close:active { background: #0000ff; }
.purr.maximized .titlebar { background: #ff00ff; }
"""

PURR_THEME = os.environ.get('PURR_THEME_BIN') or os.path.join(
    os.path.dirname(harness.purr_command()[0]), '..', 'tools', 'purr-theme')


def close_to(c, want, tol=TOL):
    return c is not None and all(abs(a - b) <= tol for a, b in zip(c, want))


def hexc(c):
    return '#%02x%02x%02x' % tuple(c) if c else repr(c)


class Image:
    """An RGB picture read from a binary PPM (P6)."""

    def __init__(self, data, path=None):
        self.path = path
        parts = []
        pos = 0
        while len(parts) < 4:  # magic, width, height, maxval
            while data[pos:pos + 1].isspace():
                pos += 1
            if data[pos:pos + 1] == b'#':
                pos = data.index(b'\n', pos)
                continue
            end = pos
            while not data[end:end + 1].isspace():
                end += 1
            parts.append(data[pos:end])
            pos = end
        if parts[0] != b'P6' or parts[3] != b'255':
            raise AssertionError('not an 8-bit P6 picture: %r' % parts)
        self.w, self.h = int(parts[1]), int(parts[2])
        self.px = data[pos + 1:]

    def at(self, x, y):
        if not (0 <= x < self.w and 0 <= y < self.h):
            return None
        i = (y * self.w + x) * 3
        return tuple(self.px[i:i + 3])

    def row(self, y, x0, x1):
        return [self.at(x, y) for x in range(x0, x1)]


def runs(colours, want, tol=TOL, gap=12):
    """[(start, end)) index ranges where colours are close to want; runs
    less than gap apart are one (a button's icon splits its background)."""
    out = []
    start = None
    for i, c in enumerate(colours + [None]):
        if close_to(c, want, tol):
            if start is None:
                start = i
        elif start is not None:
            if out and start - out[-1][1] < gap:
                out[-1] = (out[-1][0], i)
            else:
                out.append((start, i))
            start = None
    return out


class DecorTestCase(InputTestCase):
    """A fresh Xvfb and purr, with the class's theme.css (css) and
    purr.conf (config) written before purr starts.

    These tests read the screen, which shows what X draws only while no
    compositor runs (with --compositor=null nothing is drawn at all): purr
    runs without its own compositor here, whatever the suite's is. A class
    that takes no screenshots sets purr_args = () to run with the suite's."""

    css = None
    purr_args = ('--compositor=none',)

    def before_purr(self):
        self.css_path = os.path.join(self.h.env()['XDG_CONFIG_HOME'],
                                     'purr', 'theme.css')
        os.makedirs(os.path.dirname(self.css_path), exist_ok=True)
        if self.css is not None:
            self.write_css(self.css)

    def setUp(self):
        super().setUp()
        self.pid = self.purr.pid
        self.shots = 0

    # -- files -------------------------------------------------------------

    def write_css(self, text, path=None):
        data = text.encode() if isinstance(text, str) else text
        with open(path or self.css_path, 'wb') as f:
            f.write(data)

    def replace_css(self, text):
        """Write theme.css the way editors save: a new file renamed over."""
        tmp = self.css_path + '.new'
        self.write_css(text, tmp)
        os.replace(tmp, self.css_path)

    def css_reloads(self):
        return sum(1 for l in self.log_lines()
                   if self.css_path in l and 'restyling' in l)

    # -- the screen ----------------------------------------------------------

    def shot(self, name=None):
        """A screenshot of the whole screen, kept in the test's tmpdir."""
        self.shots += 1
        path = os.path.join(self.h.tmpdir, '%s-%d.ppm' % (
            name or 'shot', self.shots))
        r = subprocess.run(['import', '-display', self.h.display_name,
                            '-window', 'root', '-depth', '8', path],
                           env=self.h.env(),
                           capture_output=True, timeout=20,
                           stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            raise AssertionError('import failed: %s' % r.stderr.decode(
                'utf-8', 'replace'))
        with open(path, 'rb') as f:
            return Image(f.read(), path)

    def wait_colour(self, point, want, timeout=WAIT, what='the colour'):
        """Poll screenshots until point shows want; return the seconds it
        took."""
        t0 = time.monotonic()
        seen = []

        def check():
            c = self.shot('poll').at(*point)
            seen.append(c)
            return close_to(c, want)
        try:
            harness.wait_until(check, timeout, what, interval=0.05,
                               on_poll=self.h.pump)
        except AssertionError:
            raise AssertionError('%s: %r never showed %s within %.1fs '
                                 '(last %s)' % (what, point, hexc(want),
                                                timeout, hexc(seen[-1])))
        return time.monotonic() - t0

    def colour_client(self, w, rgb=CLIENT_BG):
        """Paint the client window one colour of our own."""
        d = w.client.d
        cmap = d.screen().default_colormap
        pixel = cmap.alloc_color(*(v * 257 for v in rgb)).pixel
        w.win.change_attributes(background_pixel=pixel)
        w.win.clear_area(0, 0, 0, 0)
        w.client.sync()

    def strip_y(self, w):
        """The middle row of w's title strip (inside the top border)."""
        return self.strip_point(w)[1]

    def strip_row(self, img, w):
        """(x0, colours): the middle row of the strip, frame-wide."""
        fx, fy, fw, fh = self.frame(w)
        return fx, img.row(self.strip_y(w), fx, fx + fw)

    def button_runs(self, img, w, colour):
        """Root x ranges [x0, x1) of colour on the strip's middle row."""
        x0, row = self.strip_row(img, w)
        return [(a + x0, b + x0) for a, b in runs(row, colour)]

    def button_centre(self, img, w, colour, name):
        r = self.button_runs(img, w, colour)
        self.assertEqual(len(r), 1, 'the %s button (%s) on the strip of '
                         '0x%x: runs %r in %s' % (name, hexc(colour),
                                                 self.h._id(w), r, img.path))
        return ((r[0][0] + r[0][1]) // 2, self.strip_y(w))

    def assertFramed(self, img, w, strip=None):
        """w is managed and its strip is drawn: strip colour at the strip
        point when given, else something other than the root around it."""
        self.assertManaged(w)
        # Near the top of the strip, above the title's letters (a long
        # title fills the strip's width).
        fx, fy, fw, fh = self.frame(w)
        x, y = fx + fw * 3 // 10, fy + self.ext(w)[3] + 3
        c = img.at(x, y)
        if strip is not None:
            self.assertTrue(close_to(c, strip), 'strip of 0x%x at %r is %s, '
                            'expected %s (%s)' % (self.h._id(w), (x, y),
                                                  hexc(c), hexc(strip),
                                                  img.path))
        self.assertEqual(self.g.decorated_rect(w), self.frame(w))

    def click_at(self, point):
        """Click button 1 at point, then move the pointer away."""
        self.move_pointer(*point)
        self.xdo('click', 1)
        self.h.sync()
        self.move_pointer(5, 5)

    def assertAlive(self):
        self.assertTrue(self.purr.alive(), 'purr exited:\n%s'
                        % self.purr.stderr()[-3000:])
        self.assertEqual(self.purr.pid, self.pid)
        self.h.sync()


class ColoursTest(DecorTestCase):
    css = COLOURS_CSS

    def check_parts(self, img, w, strip):
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        self.assertEqual((left, right, bottom), (3, 3, 3),
                         'a 3 px CSS border gives 3 px extents')
        y = self.strip_y(w)
        # Strip background between the menu button and the title.
        p = (fx + fw * 3 // 10, y)
        self.assertTrue(close_to(img.at(*p), strip), 'strip at %r is %s, '
                        'expected %s (%s)' % (p, hexc(img.at(*p)),
                                              hexc(strip), img.path))
        # The title in the middle: some pixels in the title's colour.
        mid = [img.at(x, yy) for x in range(fx + fw // 2 - 60,
                                            fx + fw // 2 + 60)
               for yy in range(fy + bottom, fy + top)]
        self.assertTrue(any(close_to(c, GREEN, 40) for c in mid),
                        'no title-coloured pixel in the middle of the strip '
                        'of 0x%x (%s)' % (self.h._id(w), img.path))
        # The close button: yellow, one run, at the right end.
        r = self.button_runs(img, w, YELLOW)
        self.assertEqual(len(r), 1, 'close button runs %r (%s)'
                         % (r, img.path))
        self.assertGreater(r[0][0], fx + fw - 60, 'close button not at the '
                           'right end: %r, frame %r' % (r, self.frame(w)))
        self.assertLessEqual(r[0][1], fx + fw - right)
        # The border: every left column inside the left extent, and the
        # bottom rows.
        for x in range(fx, fx + left):
            c = img.at(x, fy + fh // 2)
            self.assertTrue(close_to(c, MAGENTA), 'left border column %d is '
                            '%s (%s)' % (x - fx, hexc(c), img.path))
        c = img.at(fx + fw // 2, fy + fh - 1)
        self.assertTrue(close_to(c, MAGENTA), 'bottom border is %s' % hexc(c))
        # Inside the border the client starts.
        self.assertFalse(close_to(img.at(fx + left, fy + fh // 2), MAGENTA))

    def test_focused_and_backdrop_colours(self):
        a = self.placed(100, 150, width=400, height=200, title='Hello')
        b = self.placed(650, 150, width=400, height=200, title='World')
        self.h.wait_until(lambda: self.h.active_window() == b.id, 5,
                          'the newest window to be focused')
        self.h.sync()
        img = self.shot('colours')
        self.check_parts(img, b, RED)
        self.check_parts(img, a, BLUE)
        # Focus back on a: the colours swap.
        self.h.activate(a)
        self.h.sync()
        self.assertFocused(a)
        img = self.shot('colours')
        self.check_parts(img, a, RED)
        self.check_parts(img, b, BLUE)
        # A new title: drawn at once, wider.
        before = self.title_span(img, a)
        a.set_title('Hello, a much longer title')
        self.h.sync()
        self.h.wait_until(
            lambda: self.title_span(self.shot('title'), a) > before + 50, WAIT,
            'the longer title to be drawn (span was %d px)' % before)

    def title_span(self, img, w):
        """Width in pixels of the title's colour across the strip."""
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        xs = [x for x in range(fx, fx + fw)
              for y in range(fy + bottom, fy + top, 2)
              if close_to(img.at(x, y), GREEN, 40)]
        return max(xs) - min(xs) if xs else 0


class LiveReloadTest(DecorTestCase):
    css = '.purr .titlebar { background: #ff0000; }\n'

    def test_rewritten_css_shows_without_restart(self):
        w = self.placed(200, 200, width=400, height=200, title='Live')
        p = self.strip_point(w, 0.3)
        self.assertTrue(close_to(self.shot().at(*p), RED))
        before = self.css_reloads()
        self.write_css('.purr .titlebar { background: #00ffff; }\n')
        self.wait_colour(p, CYAN, what='the rewritten theme.css')
        self.assertAlive()
        # An editor's save: a new file renamed over the old one.
        self.replace_css('.purr .titlebar { background: #ff8000; }\n')
        self.wait_colour(p, ORANGE, WAIT, 'theme.css replaced by rename')
        # And once more, to see the watch survived the rename.
        self.write_css('.purr .titlebar { background: #0000ff; }\n')
        self.wait_colour(p, BLUE, WAIT, 'theme.css written after the rename')
        self.assertGreaterEqual(self.css_reloads(), before + 3)
        # A wider border: new extents, the frame grows around the client.
        client = self.client(w)
        self.write_css('.purr .titlebar { background: #0000ff; }\n'
                       '.purr decoration { box-shadow: none; '
                       'border: 10px solid #ff00ff; }\n')
        self.h.wait_until(lambda: self.ext(w)[0] == 10, WAIT,
                          '_NET_FRAME_EXTENTS with a 10 px border')
        self.h.sync()
        left, right, top, bottom = self.ext(w)
        self.assertEqual((right, bottom), (10, 10))
        self.assertEqual(self.client(w)[2:], client[2:])
        self.assertEqual(self.g.decorated_rect(w), self.frame(w))
        fx, fy, fw, fh = self.frame(w)
        img = self.shot('wide')
        for x in (fx, fx + 9, fx + fw - 1):
            self.assertTrue(close_to(img.at(x, fy + fh // 2), MAGENTA),
                            'border column %d: %s' % (
                                x - fx, hexc(img.at(x, fy + fh // 2))))
        p = self.strip_point(w, 0.3)
        self.assertTrue(close_to(img.at(*p), BLUE))
        # Deleted: the theme's own strip; created again: the CSS again.
        os.unlink(self.css_path)
        self.h.wait_until(
            lambda: not close_to(self.shot('poll').at(*p), BLUE), WAIT,
            'the theme\'s own strip after theme.css was deleted')
        self.write_css('.purr .titlebar { background: #00ff00; }\n')
        self.wait_colour(p, GREEN, WAIT, 'theme.css created again')
        self.assertAlive()
        self.assertManaged(w)


class BrokenCssTest(DecorTestCase):
    css = (
        '.purr .titlebar { background: #ff0000; }\n'
        '.purr .titlebutton.close { background: #ffff00; }\n'
        '.purr .titlebar .title { frobnicate: 12px; }\n'
        '.purr decoration { box-shadow: none; border: 3px solid #ff00ff; }\n'
        '.purr .titlebutton.maximize { background: #00ffff;\n')

    def test_error_logged_once_and_valid_rules_apply(self):
        a = self.placed(100, 150, width=400, height=200, title='A')
        b = self.placed(650, 150, width=400, height=200, title='B')
        # Repaints: focus changes, a resize, the pointer over a button.
        for win in (a, b, a):
            self.h.activate(win)
            self.h.sync()
        self.g.moveresize(a, w=420)
        self.h.sync()
        img = self.shot('broken')
        self.move_pointer(*self.button_centre(img, a, YELLOW, 'close'))
        self.move_pointer(5, 5)
        img = self.shot('broken')
        self.assertFramed(img, a, RED)
        self.button_centre(img, a, YELLOW, 'close')
        self.assertEqual(self.ext(a)[0], 3, 'the border rule on line 4')
        self.assertTrue(close_to(img.at(self.frame(a)[0], 300), MAGENTA))
        lines = [l for l in self.log_lines()
                 if self.css_path + ':3:' in l]
        self.assertEqual(len(lines), 1, 'lines naming %s:3: in purr\'s '
                         'stderr: %r' % (self.css_path, lines))
        self.assertAlive()


class RenderToolTest(DecorTestCase):
    css = COLOURS_CSS.replace('#0000ff', '#404080')

    def render(self, width, height, title, state, out):
        if not os.access(PURR_THEME, os.X_OK):
            self.skipTest('purr-theme not built: %s' % PURR_THEME)
        r = subprocess.run(
            [PURR_THEME, 'render', '--css', self.css_path, '--title', title,
             '--state', state, '--width', str(width), '--height',
             str(height), '--out', out], env=self.h.env(),
            capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
        self.assertEqual(r.returncode, 0, 'purr-theme: %s'
                         % r.stderr.decode('utf-8', 'replace'))
        rgba = subprocess.run(['convert', out, '-depth', '8', 'rgba:-'],
                              capture_output=True, timeout=30,
                              check=True).stdout
        self.assertEqual(len(rgba), width * height * 4)
        return rgba

    def compare(self, img, w, title, state):
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        out = os.path.join(self.h.tmpdir, 'render-%s.png' % state)
        rgba = self.render(fw, fh, title, state, out)
        bad = []
        n = 0
        for y in range(fh):
            inside = top <= y < fh - bottom
            for x in range(fw):
                if inside and left <= x < fw - right:
                    continue  # the client area
                i = (y * fw + x) * 4
                if rgba[i + 3] != 255:
                    continue  # outside the rounded corners
                n += 1
                want = tuple(rgba[i:i + 3])
                got = img.at(fx + x, fy + y)
                if not close_to(got, want, 8):
                    bad.append((x, y, hexc(got), hexc(want)))
        self.assertGreater(n, fw * top // 2)
        self.assertEqual(bad[:10], [], '%d of %d frame pixels of 0x%x (%s) '
                         'differ from purr-theme render (%s, %s); first '
                         '(x, y, screen, render) listed'
                         % (len(bad), n, self.h._id(w), state, img.path,
                            out))

    def test_render_matches_the_screen(self):
        a = self.placed(100, 150, width=400, height=200, title='Same Title')
        b = self.placed(650, 150, width=360, height=240, title='Other')
        self.h.wait_until(lambda: self.h.active_window() == b.id, 5,
                          'the newest window to be focused')
        self.move_pointer(5, 5)
        img = self.shot('screen')
        self.compare(img, b, 'Other', 'focused')
        self.compare(img, a, 'Same Title', 'backdrop')


class ButtonsTest(DecorTestCase):
    css = BUTTONS_CSS

    def buttons_window(self, **kw):
        w = self.placed(300, 250, width=400, height=200, title='Buttons',
                        **kw)
        self.h.wait_until(lambda: self.h.active_window() == w.id, 5,
                          'the window to be focused')
        self.move_pointer(5, 5)
        return w

    def test_close_sends_delete_window(self):
        w = self.buttons_window()
        self.assertEqual(self.deletes(w), [])
        self.click_at(self.button_centre(self.shot(), w, YELLOW, 'close'))
        self.h.wait_until(lambda: self.deletes(w), 5,
                          'WM_DELETE_WINDOW after a click on close')

    def test_maximize_toggles(self):
        w = self.buttons_window()
        before = self.frame(w)
        self.click_at(self.button_centre(self.shot(), w, CYAN, 'maximize'))
        self.assertEqual(self.g.state(w) & {MAX_V, MAX_H}, {MAX_V, MAX_H})
        self.assertNotEqual(self.frame(w), before)
        self.click_at(self.button_centre(self.shot(), w, CYAN, 'maximize'))
        self.assertEqual(self.g.state(w) & {MAX_V, MAX_H}, set())
        self.assertEqual(self.frame(w), before)

    def test_hover_and_active_states(self):
        w = self.buttons_window()
        img = self.shot()
        r = self.button_runs(img, w, YELLOW)
        self.assertEqual(len(r), 1, r)
        # Left of the icon, on the button's background.
        p = (r[0][0] + 3, self.strip_y(w))
        self.move_pointer(*p)
        self.wait_colour(p, GREEN, WAIT, 'close:hover')
        self.xdo('mousedown', 1)
        self.h.sync()
        self.wait_colour(p, BLUE, WAIT, 'close:active')
        # Held and moved off: neither hover nor active.
        self.move_pointer(*self.centre(w))
        self.wait_colour(p, YELLOW, WAIT, 'close after the pointer left')
        self.xdo('mouseup', 1)
        self.h.sync()
        # Hover, then out of the frame altogether (to the root).
        self.move_pointer(*p)
        self.wait_colour(p, GREEN, WAIT, 'close:hover again')
        fx, fy, fw, fh = self.frame(w)
        self.move_pointer(fx + fw + 40, fy + 10)
        self.wait_colour(p, YELLOW, WAIT, 'close after the pointer left the '
                         'frame')
        # Hover, then straight up out of the strip (the pointer crosses
        # the top border only).
        self.move_pointer(*p)
        self.wait_colour(p, GREEN, WAIT, 'close:hover a third time')
        self.move_pointer(p[0], fy - 30)
        self.wait_colour(p, YELLOW, WAIT, 'close after the pointer left '
                         'upwards')
        self.assertEqual(self.deletes(w), [])

    def test_maximized_class(self):
        w = self.buttons_window()
        p = self.strip_point(w, 0.3)
        self.assertTrue(close_to(self.shot().at(*p), GREY))
        self.g.maximize(w)
        self.h.sync()
        p = self.strip_point(w, 0.3)
        self.wait_colour(p, MAGENTA, WAIT, '.maximized strip')
        self.g.maximize(w, False)
        self.h.sync()
        p = self.strip_point(w, 0.3)
        self.wait_colour(p, GREY, WAIT, 'strip after unmaximize')

    def test_minimize(self):
        w = self.buttons_window()
        self.click_at(self.button_centre(self.shot(), w, ORANGE, 'minimize'))
        self.assertTrue(self.is_minimized(w), 'WM_STATE %r, _NET_WM_STATE %r'
                        % (self.h.wm_state(w), self.g.state(w)))

    def test_press_then_move_off_does_nothing(self):
        w = self.buttons_window()
        img = self.shot()
        for colour, name in ((YELLOW, 'close'), (CYAN, 'maximize'),
                             (ORANGE, 'minimize')):
            p = self.button_centre(img, w, colour, name)
            self.move_pointer(*p)
            self.xdo('mousedown', 1)
            self.h.sync()
            self.move_pointer(*self.centre(w))
            self.xdo('mouseup', 1)
            self.h.sync()
            self.assertEqual(self.deletes(w), [], 'after ' + name)
            self.assertManaged(w)
            self.assertEqual(self.g.state(w) & {MAX_V, MAX_H}, set(),
                             'after ' + name)
            self.assertFalse(self.is_minimized(w), 'after ' + name)
        self.assertAlive()


class FixedSizeButtonsTest(DecorTestCase):
    css = BUTTONS_CSS
    config = '[general]\nbutton-layout = menu:maximize,close\n'

    def test_fixed_size_window_has_no_maximize_button(self):
        free = self.placed(100, 150, width=400, height=200, title='free')
        fixed = self.placed(650, 150, width=400, height=200, title='fixed',
                            normal_hints={'min': (400, 200),
                                          'max': (400, 200)})
        self.move_pointer(5, 5)
        self.assertNotIn('_NET_WM_ACTION_MAXIMIZE_HORZ', self.g.actions(fixed))
        img = self.shot('fixed')
        mx, my = self.button_centre(img, free, CYAN, 'maximize')
        self.button_centre(img, fixed, YELLOW, 'close')
        self.assertEqual(self.button_runs(img, fixed, CYAN), [],
                         'a maximize button on the fixed-size window (%s)'
                         % img.path)
        # Where the free window has its maximize button, the fixed one
        # shows its strip.
        spot = (mx - self.frame(free)[0] + self.frame(fixed)[0], my)
        self.assertTrue(close_to(img.at(*spot), GREY), '%r on the fixed '
                        'window is %s, not the strip (%s)'
                        % (spot, hexc(img.at(*spot)), img.path))
        self.move_pointer(*spot)
        self.xdo('click', 1)
        self.h.sync()
        self.assertEqual(self.g.state(fixed) & {MAX_V, MAX_H}, set())
        self.assertEqual(self.frame(fixed)[2:], (self.ext(fixed)[0] + 400 +
                                                 self.ext(fixed)[1],
                                                 self.ext(fixed)[2] + 200 +
                                                 self.ext(fixed)[3]))
        # Resizable again: the button shows, where the other one's is.
        fixed.set_normal_hints({})
        self.h.sync()
        self.assertIn('_NET_WM_ACTION_MAXIMIZE_HORZ', self.g.actions(fixed))
        self.wait_colour(spot, CYAN, WAIT, 'the maximize button of the '
                         'window that became resizable')

    def test_button_layout_from_reloaded_config(self):
        w = self.placed(300, 250, width=400, height=200, title='Layout')
        self.move_pointer(5, 5)
        fx, fy, fw, fh = self.frame(w)
        x, y = self.button_centre(self.shot(), w, YELLOW, 'close')
        self.assertGreater(x, fx + fw // 2)
        before = self.reloads()
        self.write_config('[general]\nbutton-layout = close,maximize:\n')
        self.purr.signal(1)
        self.wait_reloaded(before)

        def moved():
            img = self.shot('layout')
            r = self.button_runs(img, w, YELLOW)
            return len(r) == 1 and r[0][1] < fx + fw // 2 and \
                len(self.button_runs(img, w, CYAN)) == 1
        self.h.wait_until(moved, WAIT, 'close and maximize on the left after '
                          'button-layout changed')
        self.click_at(self.button_centre(self.shot(), w, YELLOW, 'close'))
        self.h.wait_until(lambda: self.deletes(w), 5,
                          'WM_DELETE_WINDOW after a click on the moved '
                          'close button')


class ExtentsTest(DecorTestCase):

    def test_gtk_loads_no_opengl(self):
        # purr is the first GTK program on this fresh display: GDK would
        # load OpenGL (with llvmpipe, 60 MB of LLVM) to choose visuals,
        # for widgets and frames that never draw with GL.
        self.placed(300, 250, width=400, height=200, title='Memory')
        with open('/proc/%d/maps' % self.purr.pid) as f:
            libs = {line.split()[-1] for line in f if '/' in line}
        gl = sorted(l for l in libs
                    if any(k in os.path.basename(l)
                           for k in ('libGL', 'libEGL', 'LLVM', '_dri.so')))
        self.assertEqual(gl, [], 'purr mapped OpenGL libraries')

    def test_extents_match_the_drawing(self):
        w = self.placed(300, 250, width=400, height=200, title='Extents')
        self.colour_client(w)
        self.move_pointer(5, 5)
        self.h.sync()
        left, right, top, bottom = self.ext(w)
        fx, fy, fw, fh = self.frame(w)
        cx, cy, cw, ch = self.client(w)
        self.assertEqual((cx - fx, cy - fy), (left, top))
        self.assertEqual((fw, fh), (cw + left + right, ch + top + bottom))
        self.assertGreater(top, 20, 'no title strip')
        img = self.shot('extents')
        mx, my = fx + fw * 3 // 10, fy + fh // 2
        # The client's colour starts exactly at each extent.
        self.assertTrue(close_to(img.at(mx, fy + top), CLIENT_BG, 4))
        self.assertTrue(close_to(img.at(fx + left, my), CLIENT_BG, 4))
        self.assertTrue(close_to(img.at(fx + fw - right - 1, my),
                                 CLIENT_BG, 4))
        self.assertTrue(close_to(img.at(mx, fy + fh - bottom - 1),
                                 CLIENT_BG, 4))
        # The frame is drawn over every pixel of the top extent and of the
        # side and bottom ones.
        column = [img.at(mx, y) for y in range(fy, fy + top)]
        self.assertFalse([c for c in column if close_to(c, CLIENT_BG, 4)])
        self.assertFalse(close_to(img.at(fx + left - 1, my), CLIENT_BG, 4))
        self.assertFalse(close_to(img.at(fx + fw - right, my), CLIENT_BG, 4))
        self.assertFalse(close_to(img.at(mx, fy + fh - bottom), CLIENT_BG, 4))
        # The strip is one colour band below the top border, top - border
        # rows high: its colour at the middle reaches up to the border.
        strip = img.at(mx, fy + (top + bottom) // 2)
        band = [y for y in range(fy, fy + top)
                if close_to(img.at(mx, y), strip, 12)]
        self.assertGreater(len(band), (top - bottom) // 2)
        self.assertTrue(all(fy + bottom <= y < fy + top for y in band),
                        'strip colour %s outside the strip rows %r'
                        % (hexc(strip), band))


class BadInputTest(DecorTestCase):
    css = COLOURS_CSS

    def normal_window(self):
        w = self.placed(100, 150, width=400, height=200, title='Normal')
        self.move_pointer(5, 5)
        return w

    def assertStillFine(self, wins, strip=RED, name='bad'):
        self.assertAlive()
        img = self.shot(name)
        for w in wins:
            self.assertFramed(img, w, strip if w == wins[0] else None)
        self.assertEqual(sorted(self.h.client_list()),
                         sorted(w.id for w in wins))
        return img

    def wait_reload(self, before):
        self.h.wait_until(lambda: self.css_reloads() > before, 5,
                          'purr to notice theme.css changed')
        time.sleep(0.3)  # the restyle runs from an idle callback
        self.h.sync()

    def test_ten_megabyte_css_is_refused(self):
        w = self.normal_window()
        self.assertStillFine([w])
        mark = len(self.log_lines())
        rule = '.purr .titlebar { background: #00ff00; }\n'
        self.write_css(rule * (10 * 1024 * 1024 // len(rule)))
        self.wait_reload(self.css_reloads())
        time.sleep(0.5)
        new = [l for l in self.log_lines()[mark:]
               if 'restyling' not in l]
        self.assertEqual(len(new), 1, 'log lines after a 10 MB theme.css: '
                         '%r' % [l[:200] for l in new])
        self.assertStillFine([w], RED, 'huge')
        # Another window now gets the old look too.
        v = self.placed(650, 150, width=300, height=200, title='Later')
        img = self.shot('huge')
        self.assertFramed(img, v, RED)
        # Small, but too many rules: refused the same way.
        mark = len(self.log_lines())
        rule = '.a%d { color: #00ff00; }\n'
        self.write_css(COLOURS_CSS.replace('#ff0000', '#00ff00') +
                       ''.join(rule % i for i in range(2500)))
        self.wait_reload(self.css_reloads())
        new = [l for l in self.log_lines()[mark:] if 'restyling' not in l]
        self.assertEqual(len(new), 1, new)
        self.assertStillFine([v, w], RED, 'rules')

    def test_huge_sizes_in_css(self):
        # X window sizes are 16-bit: a 70000 px strip cannot be drawn as
        # asked, and whatever purr does, the frame it makes and the
        # _NET_FRAME_EXTENTS it reports must agree.
        w = self.normal_window()
        before = self.css_reloads()
        self.write_css(COLOURS_CSS +
                       '.purr .titlebar { min-height: 70000px; }\n')
        self.wait_reload(before)
        self.assertAlive()
        self.assertManaged(w)
        self.assertEqual(self.g.decorated_rect(w), self.frame(w),
                         'client + _NET_FRAME_EXTENTS %r against the frame '
                         'window' % (self.ext(w),))
        self.assertLessEqual(self.frame(w)[3], 65535)

    def test_css_typo_round_trip_keeps_the_window_visible(self):
        # A typo (3000px for 30px), saved and corrected: the window's
        # contents are on the screen again afterwards.
        w = self.normal_window()
        client = self.client(w)
        for css in (COLOURS_CSS + '.purr .titlebar { min-height: 3000px; }\n',
                    COLOURS_CSS):
            before = self.css_reloads()
            self.write_css(css)
            self.wait_reload(before)
        self.assertTrue(geometry_helpers.rect_contains(
            (0, 0, harness.SCREEN_W, harness.SCREEN_H), self.client(w)),
            'the client window %r is no longer on the %dx%d screen (it was '
            'at %r)' % (self.client(w), harness.SCREEN_W, harness.SCREEN_H,
                        client))
        self.assertStillFine([w], RED, 'typo')

    def test_css_not_utf8(self):
        w = self.normal_window()
        before = self.css_reloads()
        self.write_css(b'/* \xff\xfe comment */\n'
                       b'.purr .titlebar { background: #ff0000; }\n'
                       b'.purr .ti\xff\xfetle { background: #0000ff; }\n'
                       b'.purr .titlebutton.close { background: #ffff00; }\n')
        self.wait_reload(before)
        v = self.placed(650, 150, width=300, height=200, title='Later')
        self.move_pointer(5, 5)
        img = self.assertStillFine([v, w], RED, 'utf8')
        # The rules around the bad selector still apply; the bad one is
        # reported by its line.
        self.button_centre(img, v, YELLOW, 'close')
        lines = [l for l in self.log_lines() if self.css_path + ':3:' in l]
        self.assertEqual(len(lines), 1, lines)

    def test_missing_and_corrupt_images(self):
        w = self.normal_window()
        with open(os.path.join(os.path.dirname(self.css_path),
                               'corrupt.png'), 'wb') as f:
            f.write(b'\x89PNG\r\n\x1a\n' + b'\x00\xffgarbage' * 100)
        before = self.css_reloads()
        self.write_css(
            COLOURS_CSS +
            '.purr .titlebutton.maximize '
            '{ background-image: url("missing.png"); }\n'
            '.purr .titlebutton.minimize '
            '{ background-image: url("corrupt.png"); }\n'
            '.purr .titlebar .title { color: #00ff00; '
            'background-image: url("corrupt.png"); }\n')
        self.wait_reload(before)
        v = self.placed(650, 150, width=300, height=200, title='Later')
        self.move_pointer(5, 5)
        img = self.assertStillFine([v, w], RED, 'images')
        self.button_centre(img, v, YELLOW, 'close')

    def test_huge_and_invalid_titles(self):
        w = self.normal_window()
        big = self.c.create_window(x=650, y=150, width=400, height=200,
                                   title='x', map=False,
                                   normal_hints={'us_position': True})
        # Three-byte characters: a cut at any power of two splits one.
        chunk = ('long \u20ac title ' * 10000).encode()
        big.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8, b'')
        for _ in range(1024 * 1024 // len(chunk) + 1):
            big.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8, chunk,
                         X.PropModeAppend)
        big.map()
        self.h.sync()
        bad = self.c.create_window(x=100, y=500, width=400, height=200,
                                   title=b'bad \xff\xfe\xc3( title \xed\xa0'
                                   b'\x80 end', net_wm_name=True,
                                   normal_hints={'us_position': True})
        self.h.sync()
        self.h.activate(w)
        self.move_pointer(5, 5)
        self.h.sync()
        img = self.assertStillFine([w, big, bad], RED, 'titles')
        # Ellipsized: the close button keeps its place on the right.
        for t in (big, bad):
            self.assertFramed(img, t, BLUE)
            x, _ = self.button_centre(img, t, YELLOW, 'close')
            fx, fy, fw, fh = self.frame(t)
            self.assertGreater(x, fx + fw - 60)
        # Invalid UTF-8 in WM_NAME only.
        bad.delete_prop('_NET_WM_NAME')
        bad.set_prop('WM_NAME', 'STRING', 8, b'\xff\xfe\x00\xc3(')
        self.h.sync()
        self.assertStillFine([w, big, bad], RED, 'titles')

    def test_one_pixel_wide_window(self):
        w = self.normal_window()
        tiny = self.c.create_window(x=650, y=150, width=1, height=100,
                                    title='tiny one',
                                    normal_hints={'us_position': True,
                                                  'min': (1, 1)})
        self.h.sync()
        self.assertManaged(tiny)
        self.assertEqual(self.g.decorated_rect(tiny), self.frame(tiny))
        self.h.activate(tiny)
        self.h.sync()
        self.h.activate(w)
        self.h.sync()
        self.assertStillFine([w, tiny], RED, 'tiny')


class GripTest(DecorTestCase):
    # No screenshots: with the suite's compositor, where a frame window's
    # shadow lies over the grip the grip still takes the pointer.
    purr_args = ()

    def grips(self):
        """Rectangles of the viewable InputOnly children of the root."""
        out = []
        for c in self.h.root.query_tree().children:
            try:
                a = c.get_attributes()
                if a.win_class == X.InputOnly and \
                        a.map_state == X.IsViewable:
                    out.append(self.h.outer_rect(c))
            except Exception:
                continue
        return out

    def grips_of(self, w):
        fx, fy, fw, fh = self.frame(w)
        return [r for r in self.grips()
                if r[0] < fx and r[1] < fy and r[0] + r[2] > fx + fw
                and r[1] + r[3] > fy + fh]

    def assertGrip(self, w, present, when):
        got = self.grips_of(w)
        if not present:
            self.assertEqual(got, [], 'a grip around 0x%x %s'
                             % (w.id, when))
            return
        fx, fy, fw, fh = self.frame(w)
        m = 8 - min(self.ext(w)[0], self.ext(w)[1], self.ext(w)[3])
        self.assertEqual(got, [(fx - m, fy - m, fw + 2 * m, fh + 2 * m)],
                         'the grip around 0x%x %s' % (w.id, when))

    def test_grip_follows_the_window(self):
        w = self.placed(300, 250, width=300, height=200, title='Grip')
        self.assertGrip(w, True, 'after it was mapped')
        self.g.moveresize(w, x=500, y=400, w=250, h=150)
        self.h.sync()
        self.assertGrip(w, True, 'after a move and resize')
        self.g.maximize(w)
        self.h.sync()
        self.assertGrip(w, False, 'while it is maximized')
        self.g.maximize(w, False)
        self.h.sync()
        self.assertGrip(w, True, 'after it was restored')
        self.g.iconify(w)
        self.h.sync()
        self.assertTrue(self.is_minimized(w))
        self.assertGrip(w, False, 'while it is minimized')
        self.h.activate(w)
        self.h.sync()
        self.assertFalse(self.is_minimized(w))
        self.assertGrip(w, True, 'after it was shown again')
        self.h.set_current_desktop(1)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 1)
        self.assertGrip(w, False, 'while its desktop is not shown')
        self.h.set_current_desktop(0)
        self.h.sync()
        self.assertGrip(w, True, 'back on its desktop')
        # No longer resizable: no grip (it would only hide what is below).
        w.set_normal_hints({'min': (250, 150), 'max': (250, 150)})
        self.h.sync()
        self.assertNotIn('_NET_WM_ACTION_RESIZE', self.g.actions(w))
        self.assertGrip(w, False, 'once it is fixed-size')
        w.set_normal_hints({})
        self.h.sync()
        self.assertGrip(w, True, 'once it is resizable again')
        old = self.frame(w)
        w.destroy()
        self.h.sync()
        left = [r for r in self.grips()
                if geometry_helpers.rect_overlap(r, old)]
        self.assertEqual(left, [], 'a grip left behind by a destroyed '
                         'window')

    def test_drag_outside_the_left_and_bottom_borders(self):
        w = self.placed(300, 250, width=300, height=200, title='Grip')
        x, y, cw, ch = self.client(w)
        fx, fy, fw, fh = self.frame(w)
        start = (fx - 4, fy + fh // 2)
        self.drag(start, (start[0] - 30, start[1]))
        self.assertEqual(self.client(w), (x - 30, y, cw + 30, ch))
        fx, fy, fw, fh = self.frame(w)
        start = (fx + fw // 2, fy + fh + 3)
        self.drag(start, (start[0], start[1] + 40))
        self.assertEqual(self.client(w), (x - 30, y, cw + 30, ch + 40))
        self.assertEqual(self.g.decorated_rect(w), self.frame(w))

    def test_drag_outside_the_right_border_resizes(self):
        w = self.placed(300, 250, width=300, height=200, title='Grip')
        left, right, top, bottom = self.ext(w)
        self.assertLess(right, 4, 'the default border is thin')
        x, y, cw, ch = self.client(w)
        fx, fy, fw, fh = self.frame(w)
        start = (fx + fw + 3, fy + fh // 2)  # the 4th pixel outside
        self.drag(start, (start[0] + 50, start[1]))
        self.assertEqual(self.client(w), (x, y, cw + 50, ch))
        self.assertEqual(self.g.decorated_rect(w), self.frame(w))


class OtherThemeTest(DecorTestCase):
    config = '[general]\n'

    def test_arc_strip_differs_from_adwaita(self):
        if not os.path.isdir('/usr/share/themes/Arc'):
            self.skipTest('arc-theme is not installed')
        w = self.placed(300, 250, width=400, height=200, title='Theme')
        self.move_pointer(5, 5)
        p = self.strip_point(w, 0.3)
        adwaita = self.shot('adwaita')
        adw_colour = adwaita.at(*p)
        before = self.reloads()
        self.write_config('[general]\ntheme = Arc\n')
        self.purr.signal(1)  # SIGHUP: read purr.conf again
        self.wait_reloaded(before)

        last = []

        def changed():
            img = self.shot('arc')
            last[:] = [img.path]
            return img if not close_to(img.at(*p), adw_colour, 6) else None
        try:
            arc = self.h.wait_until(changed, 5, 'the Arc strip colour')
        finally:
            sys.stderr.write('screenshots (kept with PURR_IT_KEEP=1): '
                             'Adwaita %s, Arc %s\n' % (adwaita.path, last))
        self.assertManaged(w)
        self.assertEqual(self.g.decorated_rect(w), self.frame(w))
        self.assertNotEqual(arc.at(*p), adw_colour)


class ArcAtStartTest(DecorTestCase):
    config = '[general]\ntheme = Arc\n'

    def test_arc_from_purr_conf(self):
        if not os.path.isdir('/usr/share/themes/Arc'):
            self.skipTest('arc-theme is not installed')
        w = self.placed(300, 250, width=400, height=200, title='Theme')
        self.move_pointer(5, 5)
        img = self.shot('arc-start')
        sys.stderr.write('screenshot: Arc at start %s\n' % img.path)
        adw = os.path.join(self.h.tmpdir, 'adwaita.png')
        r = subprocess.run([PURR_THEME, 'render', '--gtk-theme', 'Adwaita',
                            '--width', '400', '--height', '300', '--out',
                            adw], env=self.h.env(), capture_output=True,
                           timeout=30, stdin=subprocess.DEVNULL)
        self.assertEqual(r.returncode, 0, r.stderr)
        adw_colour = tuple(subprocess.run(
            ['convert', adw, '-crop', '1x1+120+20', '-depth', '8', 'rgb:-'],
            capture_output=True, check=True).stdout)
        p = self.strip_point(w, 0.3)
        self.assertFalse(close_to(img.at(*p), adw_colour, 6),
                         'the Arc strip %s looks like Adwaita\'s %s'
                         % (hexc(img.at(*p)), hexc(adw_colour)))


# A shadow that is easy to see: a solid 12 px green band around the frame.
SHADOW = 12
SHADOW_CSS = COLOURS_CSS + (
    '.purr decoration { box-shadow: 0 0 0 %dpx #00ff00; }\n' % SHADOW)


class CompositedTest(DecorTestCase):
    """With purr's own compositor the CSS box-shadow is drawn around the
    frame, outside _NET_FRAME_EXTENTS: the frame window is the frame, at
    its client's depth, and the shadow takes no clicks."""

    css = SHADOW_CSS
    purr_args = ('--compositor=xrender',)

    def test_shadow_outside_the_extents(self):
        below = self.placed(100, 300, width=300, height=200, title='Below')
        self.colour_client(below, CYAN)
        w = self.placed(150, 150, width=400, height=200, title='Shadowed')
        self.colour_client(w)
        self.move_pointer(5, 5)
        self.assertEqual(self.ext(w), (3, 3, self.ext(w)[2], 3),
                         'the shadow is not part of _NET_FRAME_EXTENTS')
        frame = self.h.frame_of(w)
        self.assertEqual(self.h._res(frame).get_geometry().depth, 24,
                         'the frame has its client\'s depth')
        dx, dy, dw, dh = self.g.decorated_rect(w)
        self.assertEqual(self.h.outer_rect(frame), (dx, dy, dw, dh),
                         'the frame window is the frame, without the shadow')
        img = self.wait_and_shot(
            (dx - SHADOW // 2, dy + dh // 2), GREEN, 'shadow')
        sys.stderr.write('screenshot: composited frame with shadow %s\n'
                         % img.path)
        for p, side in (((dx - SHADOW // 2, dy + dh // 2), 'left'),
                        ((dx + dw + SHADOW // 2, dy + dh // 2), 'right'),
                        ((dx + dw // 2, dy - SHADOW // 2), 'top'),
                        ((dx + dw // 2, dy + dh + SHADOW // 2), 'bottom'),
                        ((dx - SHADOW // 2, dy - SHADOW // 2), 'top-left'),
                        ((dx + dw + SHADOW // 2, dy + dh + SHADOW // 2),
                         'bottom-right')):
            self.assertTrue(close_to(img.at(*p), GREEN),
                            '%s shadow at %r is %s (%s)'
                            % (side, p, hexc(img.at(*p)), img.path))
        # Still the frame and the client inside it.
        self.assertTrue(close_to(img.at(dx + 1, dy + dh // 2), MAGENTA))
        self.assertTrue(close_to(img.at(dx + dw // 2, dy + dh - 20),
                                 CLIENT_BG))
        self.assertFramed(img, w, RED)

        # A click on the shadow reaches the window below it.
        p = (dx + 40, dy + dh + SHADOW // 2)
        cx, cy, cw, ch = self.client(below)
        self.assertTrue(cx <= p[0] < cx + cw and cy <= p[1] < cy + ch,
                        'the test wants %r on the window below' % (p,))
        self.click_at(p)
        self.h.wait_until(lambda: self.h.active_window() == below.id, 5,
                          'a click on the shadow to focus the window below')

        # The shadow goes with its window.
        w.unmap()
        self.c.flush()
        self.h.wait_until(lambda: not close_to(
            self.shot('gone').at(dx - SHADOW // 2, dy + 20), GREEN), 5,
            'the shadow to go with its window')

    def wait_and_shot(self, point, want, name):
        self.wait_colour(point, want, what='the shadow')
        return self.shot(name)

    def test_buttons_and_borders_answer_where_drawn(self):
        w = self.placed(150, 150, width=400, height=200, title='Shadowed')
        self.h.wait_until(lambda: self.h.active_window() == w.id, 5,
                          'the window to be focused')
        # The compositor paints the focused frame in a later frame than
        # the one that shows it: wait for the button's colour.
        self.h.wait_until(
            lambda: len(self.button_runs(self.shot('buttons'), w, YELLOW)) == 1,
            WAIT, 'the close button to be drawn')
        close = self.button_centre(self.shot('buttons'), w, YELLOW, 'close')
        # The pointer over the shadow above the strip is not on the frame.
        dx, dy, dw, dh = self.g.decorated_rect(w)
        self.click_at((close[0], dy - SHADOW // 2))
        self.assertEqual(self.deletes(w), [])
        self.click_at(close)
        self.h.wait_until(lambda: self.deletes(w), 5,
                          'WM_DELETE_WINDOW from the close button')


class OtherCompositorTest(DecorTestCase):
    """Under another compositing manager (xcompmgr) frames are styled as
    composited (GTK's .csd) but purr draws no shadow: that compositor
    draws its own, or none. When it goes, nothing is left behind."""

    css = SHADOW_CSS

    def setUp(self):
        if not harness.shutil.which('xcompmgr'):
            self.skipTest('xcompmgr is not installed')
        super().setUp()
        self.cm = self.h.spawn(['xcompmgr'], name='xcompmgr')
        self.h.wait_until(lambda: any('compositing manager started' in l
                                      for l in self.log_lines()),
                          10, 'purr to see xcompmgr start')
        self.h.sync()

    def test_no_shadow_of_purrs_and_none_left_when_it_goes(self):
        w = self.placed(150, 150, width=400, height=200, title='Framed')
        self.move_pointer(5, 5)
        dx, dy, dw, dh = self.g.decorated_rect(w)
        frame = self.h.frame_of(w)
        self.assertEqual(self.h.outer_rect(frame), (dx, dy, dw, dh))
        self.assertEqual(self.h._res(frame).get_geometry().depth, 24)
        self.wait_colour((dx + 1, dy + dh // 2), MAGENTA, what='the border')
        img = self.shot('other-compositor')
        self.assertFramed(img, w, RED)
        c = img.at(dx - SHADOW // 2, dy + dh // 2)
        self.assertFalse(close_to(c, GREEN), 'purr drew a shadow: %s (%s)'
                         % (hexc(c), img.path))
        before = self.log_lines()
        self.cm.signal(15)
        self.h.wait_until(lambda: any('compositing manager stopped' in l
                                      for l in self.log_lines()),
                          10, 'purr to see xcompmgr go')
        self.h.sync()
        self.assertEqual(self.h.outer_rect(frame), self.g.decorated_rect(w))
        img = self.shot('uncomposited')
        self.assertFramed(img, w, RED)
        self.assertEqual(len(self.log_lines()), len(before) + 1,
                         self.log_lines()[len(before):])


if __name__ == '__main__':
    harness.main()
