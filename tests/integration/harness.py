"""Integration-test harness: a private Xvfb, purr, clients, and helpers.

Every test gets its own Xvfb on a free display number (never the user's
$DISPLAY), its own purr (taken from $PURR_BIN, default build/src/purr under
the repository root) with stderr captured to a file, and a harness X
connection used to observe the server and to synchronise with purr.

Synchronisation never sleeps: Harness.sync() sends purr a _PURR_SYNC client
message and reads until purr echoes it back, which purr does only after it has
handled every earlier event and pushed the result to X. State that depends on
other programs (an xterm mapping itself) is waited for with wait_until(),
which polls a predicate against a deadline.

Every process started here is ended in tearDown, failure or not, and at
interpreter exit as a last resort.

Environment:
  PURR_BIN        the purr binary (a sanitizer build is fine)
  PURR_IT_KEEP=1  keep the per-test temporary directory (logs) after the run
  PURR_IT_VERBOSE=1  print purr's stderr after every test, not only failures
  PURR_IT_COMPOSITOR  the --compositor purr gets when a test does not choose
                  one (default none; null, xrender or gl run the suite composited)
"""

import atexit
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from Xlib import X, Xatom
from Xlib import display as xdisplay
from Xlib import error as xerror
from Xlib.ext import shape
from Xlib.protocol import event as xevent

import testclient

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(os.path.dirname(HERE))
SCREEN_W, SCREEN_H = 1280, 1024

SYNC_TIMEOUT = float(os.environ.get('PURR_IT_SYNC_TIMEOUT', '5'))
START_TIMEOUT = float(os.environ.get('PURR_IT_START_TIMEOUT', '10'))

_live_procs = []


def _kill_leftovers():
    # Newest first, the X server last; SIGTERM first so that Xvfb removes
    # its socket and lock file.
    for p in reversed(list(_live_procs)):
        p.stop(timeout=1.0)


atexit.register(_kill_leftovers)


def _on_sigterm(signum, frame):
    # meson's test timeout sends SIGTERM (and SIGKILL soon after), and
    # unittest would treat a SystemExit raised here as one failed test and
    # go on. End everything we started, now, and leave.
    _kill_leftovers()
    sys.stderr.write('harness: terminated by signal %d\n' % signum)
    sys.stderr.flush()
    os._exit(128 + signum)


try:
    signal.signal(signal.SIGTERM, _on_sigterm)
except ValueError:  # not the main thread
    pass


def purr_command():
    """The argv prefix that runs purr, from $PURR_BIN."""
    value = os.environ.get('PURR_BIN', '')
    if not value:
        return [os.path.join(REPO_ROOT, 'build', 'src', 'purr')]
    if os.path.exists(value):
        return [value]
    return shlex.split(value)


class TimeoutError_(AssertionError):
    pass


def wait_until(predicate, timeout=5.0, message='condition', interval=0.02,
               on_poll=None):
    """Poll predicate() until it returns something truthy; return that.

    Raises AssertionError naming message (and the last value) when the
    deadline passes. on_poll, if given, runs before each poll (e.g. to
    read pending events, or to raise if a process died)."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        if on_poll is not None:
            on_poll()
        last = predicate()
        if last:
            return last
        if time.monotonic() >= deadline:
            raise TimeoutError_('timed out after %.1fs waiting for %s '
                                '(last value: %r)' % (timeout, message, last))
        time.sleep(interval)


def _real_display_numbers():
    """Display numbers the user's environment points at; never used."""
    nums = set()
    for var in ('DISPLAY',):
        v = os.environ.get(var, '')
        if ':' not in v:
            continue
        tail = v.rsplit(':', 1)[1]
        num = tail.split('.', 1)[0]
        if num.isdigit():
            nums.add(int(num))
    return nums


def _display_in_use(n):
    return (os.path.exists('/tmp/.X11-unix/X%d' % n)
            or os.path.exists('/tmp/.X%d-lock' % n))


class Proc:
    """A process the harness started; output goes to files in the tmpdir."""

    def __init__(self, name, argv, env, tmpdir, stdout=True):
        self.name = name
        self.argv = list(argv)
        base = os.path.join(tmpdir, name)
        n = 0
        while os.path.exists(base + '.stderr'):
            n += 1
            base = os.path.join(tmpdir, '%s-%d' % (name, n))
        self.stderr_path = base + '.stderr'
        self.stdout_path = base + '.stdout'
        self._err = open(self.stderr_path, 'wb')
        self._out = open(self.stdout_path, 'wb')
        self.expected_exit = False
        self.popen = subprocess.Popen(
            argv, env=env, stdin=subprocess.DEVNULL, stdout=self._out,
            stderr=self._err, start_new_session=True, cwd=tmpdir)
        self.pid = self.popen.pid
        _live_procs.append(self)

    def alive(self):
        return self.popen.poll() is None

    def returncode(self):
        return self.popen.poll()

    def wait(self, timeout=5.0):
        """Exit status, or raise AssertionError if still running."""
        try:
            return self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise TimeoutError_('%s (pid %d) still running after %.1fs'
                                % (self.name, self.pid, timeout)) from None

    def signal(self, sig):
        if self.alive():
            os.kill(self.pid, sig)

    def stderr(self):
        if not self._err.closed:
            self._err.flush()
        with open(self.stderr_path, 'rb') as f:
            return f.read().decode('utf-8', 'replace')

    def stdout(self):
        if not self._out.closed:
            self._out.flush()
        with open(self.stdout_path, 'rb') as f:
            return f.read().decode('utf-8', 'replace')

    def stderr_lines(self):
        return [l for l in self.stderr().split('\n') if l != '']

    def stop(self, timeout=3.0):
        """SIGTERM the process (its whole session), SIGKILL if it lingers."""
        if self.popen.returncode is None:
            try:
                os.killpg(self.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.popen.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill_now()

    def kill_now(self):
        # The process group (start_new_session) holds only what we started:
        # the program and its own children (an xterm's shell, say). Signal
        # it only while the leader is not yet reaped, so that its id cannot
        # have been reused by some other process.
        if self.popen.returncode is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for f in (self._err, self._out):
            try:
                f.close()
            except Exception:
                pass
        if self in _live_procs:
            _live_procs.remove(self)


class Harness:
    """One private X server with purr on it, and the tools to watch it."""

    def __init__(self):
        self.tmpdir = tempfile.mkdtemp(prefix='purr-it-')
        self.procs = []
        self.clients = []
        self.xvfb = None
        self.purr = None
        self.display_num = None
        self.display_name = None
        self.d = None
        self.root = None
        self.events = []
        self.errors = []
        self._cookie = 0
        self._closed = False

    # -- X server -------------------------------------------------------------

    def start_xvfb(self):
        """Start Xvfb on a free display and wait until it accepts clients."""
        real = _real_display_numbers()
        start = 100 + (os.getpid() * 7) % 700
        tried = 0
        n = start
        last_error = ''

        while tried < 40:
            n = 100 + (n - 100 + 1) % 800 if tried else n
            tried += 1
            if n in real or _display_in_use(n):
                continue
            if n in _real_display_numbers():
                raise RuntimeError('refusing to start Xvfb on :%d, the '
                                   'user\'s own $DISPLAY' % n)
            proc = self._spawn_raw(
                'xvfb', ['Xvfb', ':%d' % n, '-screen', '0',
                         '%dx%dx24' % (SCREEN_W, SCREEN_H), '-noreset',
                         '+extension', 'Composite', '+extension', 'GLX',
                         '-nolisten', 'tcp'],
                os.environ.copy())
            if self._wait_xvfb(proc, n):
                self.xvfb = proc
                self.display_num = n
                self.display_name = ':%d' % n
                return self.display_name
            proc.kill_now()
            last_error = proc.stderr()
        raise RuntimeError('could not start Xvfb on any free display; the '
                           'last attempt said:\n%s' % last_error)

    def _wait_xvfb(self, proc, n):
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if not proc.alive():
                return False  # lost a race for this display; try another
            if os.path.exists('/tmp/.X11-unix/X%d' % n):
                try:
                    d = xdisplay.Display(':%d' % n)
                except Exception:
                    d = None
                if d is not None:
                    d.close()
                    # The server we reached must be ours, not a racer's.
                    try:
                        with open('/tmp/.X%d-lock' % n) as f:
                            owner = int(f.read().strip())
                    except (OSError, ValueError):
                        owner = proc.pid
                    return owner == proc.pid and proc.alive()
            time.sleep(0.02)
        return False

    def connect(self):
        """Open the harness's own X connection and its sync window."""
        self.d = xdisplay.Display(self.display_name)
        testclient.never_reuse_xids(self.d)
        self.d.set_error_handler(self._on_error)
        self.root = self.d.screen().root
        # Root StructureNotify: ICCCM MANAGER announcements arrive here.
        self.root.change_attributes(event_mask=X.StructureNotifyMask)
        self.sync_win = self.root.create_window(
            -100, -100, 1, 1, 0, X.CopyFromParent, X.InputOnly,
            X.CopyFromParent, override_redirect=1,
            event_mask=X.PropertyChangeMask)
        self.d.sync()

    def _on_error(self, err, request):
        self.errors.append(err)

    def env(self, extra=None):
        """Environment for programs on the private display."""
        env = {
            'PATH': os.environ.get('PATH', '/usr/bin:/bin'),
            'HOME': self._dir('home'),
            'DISPLAY': self.display_name,
            'XDG_RUNTIME_DIR': self._dir('run', 0o700),
            'XDG_CONFIG_HOME': self._dir('config'),
            'XDG_CACHE_HOME': self._dir('cache'),
            'XDG_DATA_HOME': self._dir('data'),
            'LANG': 'C.UTF-8',
            'NO_AT_BRIDGE': '1',
            'GTK_A11Y': 'none',
            'GDK_BACKEND': 'x11',
            'DBUS_SESSION_BUS_ADDRESS': 'disabled:',
        }
        for k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS',
                  'MSAN_OPTIONS', 'G_DEBUG', 'G_MESSAGES_DEBUG'):
            if k in os.environ:
                env[k] = os.environ[k]
        for k, v in (extra or {}).items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        return env

    def _dir(self, name, mode=0o755):
        p = os.path.join(self.tmpdir, name)
        os.makedirs(p, mode=mode, exist_ok=True)
        return p

    # -- processes ------------------------------------------------------------

    def _spawn_raw(self, name, argv, env):
        p = Proc(name, argv, env, self.tmpdir)
        self.procs.append(p)
        return p

    def spawn(self, argv, name=None, env=None):
        """Start a program on the private display."""
        name = name or os.path.basename(argv[0])
        return self._spawn_raw(name, argv, self.env(env))

    def start_purr(self, args=(), wait_ready=True, env=None, display_arg=True):
        argv = purr_command()
        if display_arg:
            argv = argv + ['--display', self.display_name]
        argv = argv + list(args)
        if not any(str(a).startswith('--compositor') for a in args):
            argv.append('--compositor=' +
                        os.environ.get('PURR_IT_COMPOSITOR', 'none'))
        if not os.path.exists(argv[0]) and shutil.which(argv[0]) is None:
            raise unittest.SkipTest('purr binary not found: %s (set PURR_BIN '
                                    'or build it with ninja -C build)'
                                    % argv[0])
        p = self._spawn_raw('purr', argv, self.env(env))
        self.purr = p
        if wait_ready:
            self.wait_wm_ready(p)
        return p

    def wait_wm_ready(self, proc=None, name='purr', timeout=START_TIMEOUT):
        proc = proc or self.purr

        def check_alive():
            self.pump()
            if proc is not None and not proc.alive():
                raise AssertionError(
                    '%s exited with status %s before it was ready; stderr:\n%s'
                    % (proc.name, proc.returncode(), proc.stderr()))
        wait_until(lambda: self.wm_name() == name and self.wm_s0_owner(),
                   timeout, '%s to be ready (_NET_SUPPORTING_WM_CHECK named '
                   '%r and WM_S0 owned)' % (proc.name if proc else name, name),
                   on_poll=check_alive)

    def client(self):
        """A new test-client connection (testclient.Client)."""
        c = testclient.Client(self.display_name)
        self.clients.append(c)
        return c

    def close(self):
        if self._closed:
            return
        self._closed = True
        for c in self.clients:
            c.close()
        # Clients and WMs first, then the server.
        for p in reversed(self.procs):
            if p is not self.xvfb:
                p.stop()
        if self.d is not None:
            try:
                self.d.close()
            except Exception:
                pass
        if self.xvfb is not None:
            self.xvfb.stop()
        if os.environ.get('PURR_IT_KEEP') != '1':
            shutil.rmtree(self.tmpdir, ignore_errors=True)

    # -- events and synchronisation ------------------------------------------

    def pump(self, timeout=0.0):
        n = 0
        deadline = time.monotonic() + timeout
        while True:
            count = self.d.pending_events()
            while count:
                self.events.append(self.d.next_event())
                n += 1
                count -= 1
            left = deadline - time.monotonic()
            if n or left <= 0:
                return n
            select.select([self.d.fileno()], [], [], left)

    def sync_clients(self):
        for c in self.clients:
            if not c.gone:
                try:
                    c.sync()
                except testclient.ClientGone:
                    pass

    def sync(self, timeout=SYNC_TIMEOUT, proc=None):
        """Round trip through purr (_PURR_SYNC); see the module comment.

        Every test client is X-synced first, so whatever they sent has
        reached the server (and purr's queue) before the sync message."""
        proc = proc or self.purr
        self.sync_clients()
        self._cookie += 1
        cookie = self._cookie
        sync_atom = self.atom('_PURR_SYNC')
        ev = xevent.ClientMessage(window=self.sync_win, client_type=sync_atom,
                                  data=(32, [self.sync_win.id, cookie, 0, 0,
                                             0]))
        self.root.send_event(ev, event_mask=X.SubstructureRedirectMask
                             | X.SubstructureNotifyMask)
        self.d.flush()
        start = len(self.events)
        deadline = time.monotonic() + timeout
        while True:
            for e in self.events[start:]:
                if (e.type == X.ClientMessage and e.client_type == sync_atom
                        and e.window.id == self.sync_win.id
                        and e.data[0] == 32
                        and e.data[1][0] == self.sync_win.id
                        and e.data[1][1] == cookie):
                    self.events.remove(e)
                    return
            start = len(self.events)
            left = deadline - time.monotonic()
            if left <= 0:
                state = 'not started by the harness'
                if proc is not None:
                    state = ('running' if proc.alive() else
                             'exited with status %s' % proc.returncode())
                raise TimeoutError_(
                    'purr did not answer _PURR_SYNC (cookie %d) within %.1fs; '
                    'purr is %s; stderr:\n%s' % (
                        cookie, timeout, state,
                        proc.stderr()[-4000:] if proc else ''))
            self.pump(timeout=min(left, 0.1))

    def wait_until(self, predicate, timeout=5.0, message='condition'):
        """Poll predicate until truthy (state other programs change)."""
        return wait_until(predicate, timeout, message, on_poll=self.pump)

    def timestamp(self):
        """A current X server time, read from a PropertyNotify."""
        a = self.atom('_PURR_TEST_TIMESTAMP')
        self.sync_win.change_property(a, Xatom.CARDINAL, 32, [0])
        self.d.flush()
        start = len(self.events)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            for e in self.events[start:]:
                if (e.type == X.PropertyNotify and e.atom == a
                        and e.window.id == self.sync_win.id):
                    self.events.remove(e)
                    return e.time
            start = len(self.events)
            self.pump(timeout=0.1)
        raise TimeoutError_('no PropertyNotify for the timestamp property')

    # -- atoms and properties -------------------------------------------------

    def atom(self, name):
        return self.d.intern_atom(name)

    def atom_name(self, atom):
        return self.d.get_atom_name(atom)

    def _res(self, win):
        if isinstance(win, int):
            return self.d.create_resource_object('window', win)
        if isinstance(win, testclient.TestWindow):
            return self.d.create_resource_object('window', win.id)
        return win

    def prop(self, win, name, type_name=None):
        """(type name, format, value) of a property, or None if unset.

        value is bytes for format 8, a list of ints otherwise."""
        t = X.AnyPropertyType if type_name is None else self.atom(type_name)
        try:
            p = self._res(win).get_full_property(self.atom(name), t,
                                                 sizehint=1 << 16)
        except (xerror.BadWindow, xerror.BadDrawable):
            return None
        if p is None:
            return None
        value = p.value
        if p.format != 8:
            value = list(value)
        elif isinstance(value, str):
            value = value.encode('latin-1')
        return (self.atom_name(p.property_type), p.format, value)

    def cardinals(self, win, name, type_name='CARDINAL'):
        p = self.prop(win, name)
        if p is None:
            return None
        if p[0] != type_name or p[1] != 32:
            raise AssertionError('%s has type %s/%d, expected %s/32'
                                 % (name, p[0], p[1], type_name))
        return p[2]

    def windows_prop(self, win, name):
        return self.cardinals(win, name, 'WINDOW')

    def atoms_prop(self, win, name):
        v = self.cardinals(win, name, 'ATOM')
        return None if v is None else [self.atom_name(a) for a in v]

    def utf8_prop(self, win, name):
        p = self.prop(win, name)
        if p is None:
            return None
        if p[0] != 'UTF8_STRING' or p[1] != 8:
            raise AssertionError('%s has type %s/%d, expected UTF8_STRING/8'
                                 % (name, p[0], p[1]))
        return p[2].decode('utf-8')

    def wm_name(self):
        """_NET_WM_NAME of the _NET_SUPPORTING_WM_CHECK window, or None."""
        check = self.prop(self.root, '_NET_SUPPORTING_WM_CHECK')
        if check is None or check[0] != 'WINDOW' or not check[2]:
            return None
        name = self.prop(check[2][0], '_NET_WM_NAME')
        if name is None or name[0] != 'UTF8_STRING':
            return None
        return name[2].decode('utf-8', 'replace')

    def wm_s0_owner(self):
        return self._id(self.d.get_selection_owner(self.atom('WM_S0')))

    # -- EWMH / ICCCM views ---------------------------------------------------

    def client_list(self):
        return self.windows_prop(self.root, '_NET_CLIENT_LIST') or []

    def client_list_stacking(self):
        return self.windows_prop(self.root, '_NET_CLIENT_LIST_STACKING') or []

    def active_window(self):
        v = self.windows_prop(self.root, '_NET_ACTIVE_WINDOW')
        return v[0] if v else 0

    def current_desktop(self):
        v = self.cardinals(self.root, '_NET_CURRENT_DESKTOP')
        return v[0] if v else None

    def wm_desktop(self, win):
        v = self.cardinals(win, '_NET_WM_DESKTOP')
        return v[0] if v else None

    def net_wm_state(self, win):
        return set(self.atoms_prop(win, '_NET_WM_STATE') or [])

    def wm_state(self, win):
        """WM_STATE state field (1 Normal, 3 Iconic, 0 Withdrawn) or None."""
        p = self.prop(win, 'WM_STATE')
        if p is None:
            return None
        if p[0] != 'WM_STATE' or p[1] != 32:
            raise AssertionError('WM_STATE has type %s/%d' % (p[0], p[1]))
        return p[2][0]

    def frame_extents(self, win):
        return self.cardinals(win, '_NET_FRAME_EXTENTS')

    @staticmethod
    def _id(w):
        """XID of an int, a TestWindow or an Xlib resource (None -> 0)."""
        if w is None:
            return 0
        return w if isinstance(w, int) else w.id

    def input_focus(self):
        """XID of the focus window (0 None, 1 PointerRoot)."""
        return self._id(self.d.get_input_focus().focus)

    def exists(self, win):
        try:
            self._res(win).get_attributes()
            return True
        except (xerror.BadWindow, xerror.BadDrawable):
            return False

    def parent(self, win):
        return self._id(self._res(win).query_tree().parent)

    def frame_of(self, win):
        """The child of the root that contains win (win itself if it is a
        child of the root), or None if win does not exist."""
        w = self._id(win)
        root = self.root.id
        try:
            while True:
                p = self.parent(w)
                if p == root or p == 0:
                    return w
                w = p
        except (xerror.BadWindow, xerror.BadDrawable):
            return None

    def map_state(self, win):
        """X.IsUnmapped (0), X.IsUnviewable (1) or X.IsViewable (2)."""
        return self._res(win).get_attributes().map_state

    def geometry(self, win):
        """(x, y, width, height, border_width) relative to the parent."""
        g = self._res(win).get_geometry()
        return (g.x, g.y, g.width, g.height, g.border_width)

    def root_position(self, win):
        """Root coordinates of win's outer top-left corner (border
        included)."""
        g = self._res(win).get_geometry()
        t = self.root.translate_coords(self._res(win), 0, 0)
        return (t.x - g.border_width, t.y - g.border_width)

    def outer_rect(self, win):
        """(x, y, w, h) of win's outer box in root coordinates."""
        g = self._res(win).get_geometry()
        x, y = self.root_position(win)
        return (x, y, g.width + 2 * g.border_width,
                g.height + 2 * g.border_width)

    def input_rect(self, win):
        """(x, y, w, h) in root coordinates of the box around the part of
        win that takes the pointer (Shape extension): its input region
        within its bounding region, within the window; the whole window
        unless a shape leaves part of it out. None if no part does.

        purr shapes a frame as it paints it (when it is shown): the box
        is the whole frame window (rounded corners do not narrow it), or
        None for a hidden tab's."""
        res = self._res(win)
        g = res.get_geometry()
        bw = g.border_width
        # Both regions are relative to the window's inside corner.
        box = [(-bw, -bw, g.width + bw, g.height + bw)]
        for kind in (shape.SK.Bounding, shape.SK.Input):
            rects = res.shape_get_rectangles(kind).rectangles
            box = [(max(a[0], r.x), max(a[1], r.y),
                    min(a[2], r.x + r.width), min(a[3], r.y + r.height))
                   for a in box for r in rects]
            box = [a for a in box if a[0] < a[2] and a[1] < a[3]]
        if not box:
            return None
        x0 = min(a[0] for a in box)
        y0 = min(a[1] for a in box)
        x1 = max(a[2] for a in box)
        y1 = max(a[3] for a in box)
        x, y = self.root_position(win)
        return (x + bw + x0, y + bw + y0, x1 - x0, y1 - y0)

    def visible_frame_rect(self, win):
        """(x, y, w, h) of the frame around client win as the user sees
        it: the client's outer rectangle grown by its _NET_FRAME_EXTENTS,
        which is the frame window's (the compositor draws the shadow
        outside it)."""
        left, right, top, bottom = self.frame_extents(win) or (0, 0, 0, 0)
        x, y, w, h = self.outer_rect(win)
        return (x - left, y - top, w + left + right, h + top + bottom)

    def stacking(self):
        """Children of the root, bottom to top."""
        return [c.id for c in self.root.query_tree().children]

    def clients_by_frame_stacking(self, clients=None):
        """Managed clients ordered by the X stacking of their frames."""
        order = {w: i for i, w in enumerate(self.stacking())}
        clients = self.client_list() if clients is None else \
            [self._id(c) for c in clients]
        return sorted(clients, key=lambda c: order.get(self.frame_of(c), -1))

    # -- messages --------------------------------------------------------------

    def send_message(self, window, type_name, data, dest=None,
                     mask=X.SubstructureRedirectMask
                     | X.SubstructureNotifyMask):
        """A format-32 ClientMessage about window, sent to dest (the root)."""
        data = [self._id(v) & 0xFFFFFFFF for v in data]
        data = data + [0] * (5 - len(data))
        ev = xevent.ClientMessage(window=self._id(window),
                                  client_type=self.atom(type_name),
                                  data=(32, data))
        dest = self.root if dest is None else self._res(dest)
        dest.send_event(ev, event_mask=mask)
        self.d.flush()

    def activate(self, win, source=2, timestamp=None, current=0):
        """_NET_ACTIVE_WINDOW request (source 1 app, 2 pager)."""
        ts = self.timestamp() if timestamp is None else timestamp
        self.send_message(win, '_NET_ACTIVE_WINDOW', [source, ts, current])

    def close_window(self, win, source=2, timestamp=None):
        ts = self.timestamp() if timestamp is None else timestamp
        self.send_message(win, '_NET_CLOSE_WINDOW', [ts, source])

    def set_current_desktop(self, n, timestamp=None):
        ts = self.timestamp() if timestamp is None else timestamp
        self.send_message(self.root, '_NET_CURRENT_DESKTOP', [n, ts])

    def move_to_desktop(self, win, n, source=2):
        self.send_message(win, '_NET_WM_DESKTOP', [n, source])

    def change_state(self, win, action, first, second=None, source=2):
        a = self.atom('_NET_WM_STATE_' + first)
        b = self.atom('_NET_WM_STATE_' + second) if second else 0
        self.send_message(win, '_NET_WM_STATE', [action, a, b, source])

    def restack(self, win, sibling, detail, source=2):
        self.send_message(win, '_NET_RESTACK_WINDOW',
                          [source, self._id(sibling), detail])

    # -- waiting for real clients ----------------------------------------------

    def find_client(self, pred):
        for w in self.client_list():
            try:
                if pred(w):
                    return w
            except (xerror.BadWindow, xerror.BadDrawable):
                continue
        return None

    def client_by_pid(self, pid):
        def pred(w):
            v = self.prop(w, '_NET_WM_PID')
            return v is not None and v[0] == 'CARDINAL' and v[2][:1] == [pid]
        return self.find_client(pred)

    def client_by_title(self, title):
        def pred(w):
            for name in ('_NET_WM_NAME', 'WM_NAME'):
                v = self.prop(w, name)
                if v is not None and v[1] == 8 and \
                        v[2].decode('utf-8', 'replace') == title:
                    return True
            return False
        return self.find_client(pred)

    def wait_client(self, pred, timeout=10.0, message='a client',
                    proc=None):
        """Wait until a window in _NET_CLIENT_LIST satisfies pred and is
        framed, mapped and in WM_STATE Normal; return its XID."""
        def check():
            if proc is not None and not proc.alive():
                raise AssertionError('%s exited (status %s) before it was '
                                     'managed; stderr:\n%s' % (
                                         proc.name, proc.returncode(),
                                         proc.stderr()[-3000:]))
            w = self.find_client(pred)
            if not w:
                return None
            try:
                if (self.frame_of(w) not in (None, w)
                        and self.wm_state(w) == testclient.NormalState
                        and self.map_state(w) == X.IsViewable):
                    return w
            except (xerror.BadWindow, xerror.BadDrawable):
                return None
            return None
        return self.wait_until(check, timeout, message + ' to be managed')


class PurrTestCase(unittest.TestCase):
    """Base class: a fresh Xvfb and purr for every test.

    Subclasses may set start_purr = False (start it themselves) or
    purr_args. self.h is the Harness, self.c a test client connection,
    self.purr the purr Proc. A test that makes purr exit on purpose sets
    self.purr.expected_exit = True; otherwise tearDown fails the test if
    purr is no longer running."""

    start_purr = True
    purr_args = ()

    def setUp(self):
        self._failures_before = self._failure_count()
        self.h = Harness()
        self.addCleanup(self._cleanup)
        self.h.start_xvfb()
        self.h.connect()
        self.purr = None
        if self.start_purr:
            self.purr = self.h.start_purr(self.purr_args)
        self.c = self.h.client()

    def _failure_count(self):
        outcome = getattr(self, '_outcome', None)
        result = getattr(outcome, 'result', None)
        if result is None:
            return 0
        return len(result.failures) + len(result.errors)

    def tearDown(self):
        p = self.purr
        if p is not None and not p.expected_exit and not p.alive():
            self.fail('purr exited unexpectedly with status %s; stderr:\n%s'
                      % (p.returncode(), p.stderr()[-4000:]))

    def _cleanup(self):
        failed = self._failure_count() > self._failures_before or \
            not getattr(self._outcome, 'success', True)
        if (failed or os.environ.get('PURR_IT_VERBOSE') == '1'):
            for p in self.h.procs:
                if p.name.startswith('purr'):
                    text = p.stderr()
                    sys.stderr.write('\n--- %s stderr (%s) ---\n%s\n'
                                     % (p.name, ' '.join(p.argv),
                                        text[-6000:]))
        self.h.close()

    # -- conveniences ------------------------------------------------------

    def sync(self):
        self.h.sync()

    def window(self, client=None, sync=True, **kw):
        """Create (and by default map) a test window, then sync."""
        w = (client or self.c).create_window(**kw)
        if sync:
            self.h.sync()
        return w

    def assertManaged(self, win):
        """win is framed, in _NET_CLIENT_LIST, viewable, WM_STATE Normal."""
        h = self.h
        wid = self.h._id(win)
        self.assertIn(wid, h.client_list(),
                      '0x%x not in _NET_CLIENT_LIST' % wid)
        frame = h.frame_of(wid)
        self.assertIsNotNone(frame, '0x%x does not exist' % wid)
        self.assertNotEqual(frame, wid, '0x%x is not reparented into a '
                            'frame (its parent is the root)' % wid)
        self.assertEqual(h.wm_state(wid), testclient.NormalState,
                         'WM_STATE of 0x%x' % wid)
        self.assertEqual(h.map_state(wid), X.IsViewable,
                         '0x%x is not viewable' % wid)
        return frame

    def assertNotManaged(self, win):
        wid = self.h._id(win)
        self.assertNotIn(wid, self.h.client_list())
        self.assertNotIn(wid, self.h.client_list_stacking())

    def assertStackingConsistent(self):
        """_NET_CLIENT_LIST_STACKING agrees with the X stacking of frames."""
        listed = self.h.client_list_stacking()
        self.assertEqual(sorted(listed), sorted(self.h.client_list()),
                         '_NET_CLIENT_LIST_STACKING and _NET_CLIENT_LIST '
                         'hold different windows')
        self.assertEqual(self.h.clients_by_frame_stacking(listed), listed,
                         'frames are stacked in X in another order than '
                         '_NET_CLIENT_LIST_STACKING says')

    def assertFocused(self, win):
        wid = self.h._id(win)
        self.assertEqual(self.h.input_focus(), wid,
                         'input focus is 0x%x, expected 0x%x'
                         % (self.h.input_focus(), wid))
        self.assertEqual(self.h.active_window(), wid,
                         '_NET_ACTIVE_WINDOW is 0x%x, expected 0x%x'
                         % (self.h.active_window(), wid))


def main():
    """Run the calling test module; exit status non-zero on failure."""
    unittest.main(module='__main__', verbosity=2)
