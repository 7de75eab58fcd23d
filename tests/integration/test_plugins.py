#!/usr/bin/python3
"""The plugin layer: loading and refusing plugins, their options, the
policy hooks (first answer wins, in [plugins] enabled= order), the
listeners, the kiosk plugin, and what purr does about a plugin that
crashes, hangs or is slow.

Most tests drive purr through the sample plugin, examples/tinyplugin
(built twice, as tiny and tiny-b), which answers every hook as its
options say and logs what its listeners hear on purr's stderr, prefixed
`purr: plugin tiny: `. The plugins that purr must refuse are built from
tests/plugins/broken.c; each would crash purr if purr ran its code.

purr finds the plugins through PURR_PLUGIN_PATH. meson passes the build
directories in PURR_TEST_PLUGIN_PATH; run by hand, they are found from
PURR_BIN (the build root is two levels above the binary):

    PURR_BIN=build/src/purr /usr/bin/python3 tests/integration/test_plugins.py

Each test has its own XDG_RUNTIME_DIR (the harness's), so the file in
which purr remembers the plugin that crashed it starts empty."""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest

import harness
import input_helpers
from geometry_helpers import bottom_partial, motif_undecorated
from input_helpers import InputTestCase

FS = '_NET_WM_STATE_FULLSCREEN'
ABOVE = '_NET_WM_STATE_ABOVE'
MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}

# Down presses from the first entry of an ordinary window's menu (a menu
# opened by a key has its first entry selected) to its entries: Minimize,
# Maximize, Move, Resize, Always on Top, Always on Visible Workspace,
# Move to Workspace, Close, then the plugins' items.
MINIMIZE, CLOSE, FIRST_PLUGIN_ITEM = 0, 7, 8

BROKEN = {
    'bad-major': 'it is built for plugin ABI 2; purr has ABI 1',
    'truncated': "its descriptor has 12 bytes, fewer than ABI 1.0's 88",
    'newer-minor': 'it needs plugin ABI 1.99; purr has 1.0',
    'wrong-id': "its id is 'somebody-else', not its file's name",
    'bad-option': ("it declares an option whose default is not a value of "
                   "it ('size')"),
}

# How long a popup that is not wanted is given to show anyway.
NO_POPUP_WAIT = 1.5


def plugin_dirs():
    """(directories holding the built plugins, whether meson named them)."""
    value = os.environ.get('PURR_TEST_PLUGIN_PATH')
    if value:
        return [d for d in value.split(':') if d], True
    binary = None
    for part in reversed(harness.purr_command()):
        if os.path.isfile(part):
            binary = part
            break
    if binary is None:
        return [], False
    root = os.path.dirname(os.path.dirname(os.path.abspath(binary)))
    return [os.path.join(root, 'examples'), os.path.join(root, 'plugins'),
            os.path.join(root, 'tests', 'plugins')], False


def plugin_file(plugin_id):
    """The built plugin_id.so in plugin_dirs(), or None."""
    for d in plugin_dirs()[0]:
        p = os.path.join(d, plugin_id + '.so')
        if os.path.isfile(p):
            return p
    return None


def require_plugins():
    """Skip (run by hand) or fail (run by meson) when a plugin is missing."""
    needed = ['tiny', 'tiny-b', 'kiosk', 'init-fails'] + sorted(BROKEN)
    missing = [p for p in needed if plugin_file(p) is None]
    if not missing:
        return
    dirs, from_meson = plugin_dirs()
    text = ('plugins not built: %s (looked in %s)'
            % (', '.join(missing), ':'.join(dirs) or 'nowhere'))
    if from_meson:
        raise AssertionError(text)
    raise unittest.SkipTest(text + '; build them with ninja, or set '
                            'PURR_TEST_PLUGIN_PATH')


def plugin_path():
    return ':'.join(plugin_dirs()[0])


def purr_version():
    r = subprocess.run(harness.purr_command() + ['--version'],
                       capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    m = re.match(r'purr (\S+)', r.stdout)
    if not m:
        raise AssertionError('purr --version said %r' % r.stdout)
    return m.group(1)


def conf_text(enabled, general='', **groups):
    """purr.conf text: [general] lines, [plugins] enabled=, then a
    [plugin ID] group per keyword (underscores for dashes in the id), each
    a dict of its keys."""
    text = ''
    if general:
        text += '[general]\n' + general
    text += '[plugins]\nenabled = %s\n' % enabled
    for name, keys in groups.items():
        text += '[plugin %s]\n' % name.replace('_', '-')
        for k, v in keys.items():
            text += '%s = %s\n' % (k, v)
    return text


class PluginTestCase(InputTestCase):
    """A fresh Xvfb and purr with the class's purr.conf, finding the built
    plugins through PURR_PLUGIN_PATH. extra_env: more of purr's
    environment."""

    extra_env = {}

    @property
    def purr_env(self):
        env = {'PURR_PLUGIN_PATH': plugin_path()}
        env.update(self.extra_env)
        return env

    def setUp(self):
        require_plugins()
        super().setUp()

    # -- purr's log ----------------------------------------------------

    def lines(self, pattern, proc=None):
        """purr's stderr lines matching the regular expression."""
        proc = proc or self.purr
        return [l for l in proc.stderr_lines() if re.search(pattern, l)]

    def tiny(self, pattern, plugin='tiny', proc=None):
        """The lines the tiny plugin (or tiny-b) logged matching pattern
        (anchored after its prefix)."""
        return self.lines(r'^purr: plugin %s: %s' % (re.escape(plugin),
                                                     pattern), proc)

    def wait_log(self, pattern, timeout=10, message=None, count=1):
        """Wait until count lines match pattern; return them."""
        def enough():
            found = self.lines(pattern)
            return found if len(found) >= count else None
        return self.h.wait_until(enough, timeout,
                                 message or 'purr to log %r' % pattern)

    def assertOneLine(self, pattern, proc=None):
        found = self.lines(pattern, proc)
        self.assertEqual(len(found), 1, 'expected one line matching %r, '
                         'got %r' % (pattern, found))
        return found[0]

    def assertNoLine(self, pattern, proc=None):
        found = self.lines(pattern, proc)
        self.assertEqual(found, [], 'lines matching %r' % pattern)

    @staticmethod
    def xid(w):
        return '0x%x' % int(w)

    # -- purr.conf and purr --------------------------------------------

    def reload(self, text):
        """Write purr.conf anew (in one rename, so that purr never reads
        half of it), send SIGHUP, and wait for `configuration reloaded`."""
        before = self.reloads()
        tmp = self.config_path + '.new'
        with open(tmp, 'w') as f:
            f.write(text)
        os.replace(tmp, self.config_path)
        self.purr.signal(signal.SIGHUP)
        self.wait_reloaded(before)

    def restart_purr(self):
        """Start purr again on this display, with the same arguments,
        environment and purr.conf as setUp gave the first one."""
        args = list(self.purr_args)
        if self.config is not None:
            args += ['--config', self.config_path]
        env = {'PURR_DEBUG': os.environ.get('PURR_DEBUG')}
        env.update(self.purr_env)
        self.purr = self.h.start_purr(args, env=env)
        self.h.sync()
        return self.purr

    def blame_file(self):
        name = 'plugin-blame-%s' % self.h.display_name.replace('/', '_')
        return os.path.join(self.h.env()['XDG_RUNTIME_DIR'], 'purr', name)

    def wait_exit(self, proc, timeout=60):
        proc.expected_exit = True
        return proc.wait(timeout)

    # -- windows -------------------------------------------------------

    def legacy(self, rect, states=None, title='legacy'):
        """An undecorated window (_MOTIF_WM_HINTS) at rect, mapped."""
        w = self.c.create_window(x=rect[0], y=rect[1], width=rect[2],
                                 height=rect[3], map=False, states=states,
                                 title=title)
        motif_undecorated(w)
        w.map()
        self.h.sync()
        return w

    def screen(self):
        g = self.h.geometry(self.h.root)
        return (0, 0, g[2], g[3])

    def open_menu(self, w):
        """Alt+space on the focused w; (menu XID, popups before)."""
        self.assertFocused(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.xdo('key', 'alt+space')
        self.h.sync()
        return self.new_popup(before, timeout=10,
                              what='the window menu'), before

    def choose(self, keys, before):
        """Press keys (xdotool names) in the open menu, then Return."""
        for k in keys:
            self.xdo('key', k)
        self.xdo('key', 'Return')
        self.wait_popups_gone(before, timeout=10, what='the window menu')
        self.h.sync()

    def assertNoMenu(self, w):
        """Alt+space on the focused w opens nothing, within a fair wait,
        and leaves no grab."""
        self.assertFocused(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.xdo('key', 'alt+space')
        self.h.sync()
        deadline = time.monotonic() + NO_POPUP_WAIT
        while time.monotonic() < deadline:
            self.h.pump(timeout=0.05)
            self.assertEqual(
                input_helpers.viewable_override_redirect(self.h) - before,
                set(), 'a popup showed after Alt+space')
        self.h.sync()
        self.assertGrabsFree('after Alt+space opened no menu')


# -- loading ---------------------------------------------------------------


class LoadTest(PluginTestCase):
    """tiny loads, is initialised with its options' defaults and is
    started once the windows already there are managed."""

    config = conf_text('tiny')

    def before_purr(self):
        self.early = [(self.c.create_window(x=50 + 200 * i, y=60,
                                            title='early %d' % i),
                       'early %d' % i) for i in range(2)]
        self.c.sync()

    def test_loaded_line_names_version_and_path(self):
        line = self.assertOneLine(r'^purr: plugin tiny ')
        self.assertEqual(line, 'purr: plugin tiny 1.0 loaded from %s'
                         % plugin_file('tiny'))
        self.assertNoLine('warning')

    def test_init_sees_purr_and_the_default_count(self):
        self.assertEqual(
            self.tiny('init'),
            ['purr: plugin tiny: init on purr %s (ABI 1.0), count 3'
             % purr_version()])

    def test_start_sees_the_windows_already_there(self):
        for w, _ in self.early:
            self.assertManaged(w)
        n = self.h.cardinals(self.h.root, '_NET_NUMBER_OF_DESKTOPS')[0]
        self.assertEqual(self.tiny('start'),
                         ['purr: plugin tiny: start with 2 windows on %d '
                          'workspaces' % n])
        log = self.purr.stderr_lines()
        init = log.index(self.tiny('init')[0])
        start = log.index(self.tiny('start')[0])
        for w, title in self.early:
            added = self.tiny(r"added %s '%s'$" % (self.xid(w), title))
            self.assertEqual(len(added), 1, 'added line of %s' % w)
            self.assertLess(init, log.index(added[0]))
            self.assertLess(log.index(added[0]), start,
                            'a window found at start-up was added after '
                            'start')

    # The windows found at start-up are added before start, and start
    # takes them out of the set of windows added since the last flush;
    # the first flush then tells each of them as changed (its title
    # among the changes, though nothing changed since it was added).
    @unittest.expectedFailure
    def test_windows_found_at_start_are_not_told_as_changed(self):
        self.h.sync()
        for w, title in self.early:
            self.assertEqual(self.tiny(r'title %s ' % self.xid(w)), [])

    def test_a_real_change_after_start_is_told(self):
        w, title = self.early[0]
        w.set_title('renamed')
        self.h.sync()
        self.assertEqual(self.tiny(r"title %s 'renamed'$" % self.xid(w))[-1:],
                         ["purr: plugin tiny: title %s 'renamed'"
                          % self.xid(w)])

    def test_only_the_enabled_plugin_loads(self):
        self.assertNoLine(r'plugin (tiny-b|kiosk)\b')


class ConfiguredCountTest(PluginTestCase):
    """init reads the value purr.conf gives, not the default."""

    config = conf_text('tiny', tiny={'count': 7})

    def test_init_sees_the_configured_count(self):
        self.assertEqual(len(self.tiny(r'init on purr \S+ \(ABI 1\.0\), '
                                       r'count 7$')), 1,
                         self.tiny('init'))
        self.assertNoLine('warning')


class RefusalTest(PluginTestCase):
    """Every plugin purr refuses is one line naming it and why; purr runs
    on with the plugins it could load."""

    config = conf_text('bad-major;truncated;newer-minor;wrong-id;bad-option;'
                       'init-fails;not-installed;tiny')

    def test_one_line_per_refused_plugin(self):
        for pid, why in sorted(BROKEN.items()):
            self.assertOneLine(r'\b%s\b' % re.escape(pid))
            self.assertOneLine(
                '^' + re.escape('purr: warning: plugin %s (%s) not loaded: %s'
                                % (pid, plugin_file(pid), why)) + '$')
        self.assertEqual(
            self.lines(r'init-fails'),
            ['purr: warning: plugin init-fails did not start (its init '
             'returned 7)'])
        line = self.assertOneLine(r'not-installed')
        self.assertTrue(line.startswith('purr: warning: plugin not-installed '
                                        'is not installed ('), line)

    def test_the_good_plugin_still_loads(self):
        self.assertOneLine(r'^purr: plugin tiny 1\.0 loaded from ')
        self.assertEqual(len(self.tiny('init')), 1)
        self.assertEqual(len(self.tiny('start')), 1)
        self.assertNoLine(r'loaded from .*(bad-major|truncated|newer-minor|'
                          r'wrong-id|bad-option|init-fails)')

    def test_purr_manages_a_new_window(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(400, 300, title='B')
        self.assertFocused(b)
        self.assertNotEqual(self.g.extents(b), (0, 0, 0, 0))
        self.assertStackingConsistent()
        self.assertEqual(len(self.tiny(r"added %s 'B'$" % self.xid(b))), 1)
        self.assertTrue(self.purr.alive())
        self.assertManaged(a)


class RefusedOnlyTest(PluginTestCase):
    """With nothing loadable enabled, purr is purr: a window is managed,
    framed and focused as without plugins."""

    config = conf_text('bad-major;truncated;newer-minor;wrong-id;bad-option;'
                       'init-fails')

    def test_purr_manages_a_new_window(self):
        w = self.placed(200, 150, title='W')
        self.assertFocused(w)
        self.assertNotEqual(self.g.extents(w), (0, 0, 0, 0))
        self.assertEqual(len(self.lines(r'^purr: warning: plugin ')), 6,
                         self.purr.stderr_lines())
        self.assertNoLine(r'loaded from')


# -- options ---------------------------------------------------------------


class OptionCheckTest(PluginTestCase):
    """purr checks a plugin's options against its declaration and names the
    file and line of each wrong one; the plugin gets the default."""

    config = ('[plugins]\n'             # 1
              'enabled = tiny\n'        # 2
              '[plugin tiny]\n'         # 3
              'count = 99\n'            # 4
              'nosuch = 1\n'            # 5
              'focus-on-map = maybe\n'  # 6
              'menu = no\n')            # 7

    def test_each_wrong_value_is_one_line_with_its_line_number(self):
        p = self.config_path
        self.assertOneLine('^' + re.escape(
            "purr: warning: %s:4: [plugin tiny] count: '99' is out of range "
            "(0 to 10); using the default" % p) + '$')
        self.assertOneLine('^' + re.escape(
            "purr: warning: %s:5: [plugin tiny] has no option 'nosuch'; "
            "ignoring it" % p) + '$')
        line = self.assertOneLine('^' + re.escape(
            "purr: warning: %s:6: [plugin tiny] focus-on-map: 'maybe' " % p))
        self.assertTrue(line.endswith('; using the default'), line)
        self.assertEqual(len(self.lines(r'^purr: warning: ')), 3,
                         self.purr.stderr_lines())

    def test_the_plugin_gets_the_defaults(self):
        self.assertEqual(len(self.tiny(r'init .*, count 3$')), 1,
                         self.tiny('init'))
        # focus-on-map fell back to pass: purr's own rule focuses.
        a = self.placed(100, 100, title='A')
        b = self.placed(400, 300, title='B')
        self.assertFocused(b)
        self.assertManaged(a)

    def test_a_good_value_next_to_bad_ones_counts(self):
        w = self.placed(200, 150, title='W')
        self.assertNoMenu(w)  # menu = no on line 7


class OptionReloadTest(PluginTestCase):
    """SIGHUP: a plugin hears each option whose value changed, then that
    the configuration was reloaded; a wrong value keeps the last one."""

    base = {'menu-item': 'First', 'count': 2, 'focus-on-map': 'pass'}
    config = conf_text('tiny', tiny=base)

    def conf(self, comment='', **changes):
        keys = dict(self.base)
        keys.update({k.replace('_', '-'): v for k, v in changes.items()})
        return conf_text('tiny', tiny=keys) + comment

    def test_changed_options_are_told_then_reloaded(self):
        self.reload(self.conf(menu_item='Second', count=5))
        self.wait_log(r'^purr: plugin tiny: config reloaded$')
        told = self.tiny('option')
        self.assertEqual(sorted(told), sorted([
            "purr: plugin tiny: option menu-item is now 'Second'",
            "purr: plugin tiny: option count is now '(int)'"]))
        log = self.purr.stderr_lines()
        reloaded = log.index('purr: plugin tiny: config reloaded')
        for line in told:
            self.assertLess(log.index(line), reloaded,
                            'option_changed came after the reload event')
        self.assertEqual(len(self.tiny('config reloaded')), 1)

    def test_unchanged_file_tells_nothing(self):
        self.reload(self.conf(menu_item='Second'))
        self.wait_log(r'^purr: plugin tiny: config reloaded$')
        mark = len(self.purr.stderr_lines())
        # Another text, the same values.
        self.reload(self.conf(menu_item='Second', comment='# again\n'))
        self.h.sync()
        new = self.purr.stderr_lines()[mark:]
        self.assertEqual([l for l in new if ': option ' in l], [], new)

    def test_wrong_value_on_reload_keeps_the_last_value(self):
        self.reload(self.conf(count=11, menu_item='Third'))
        self.wait_log(r'^purr: plugin tiny: config reloaded$')
        self.assertOneLine(re.escape(
            "[plugin tiny] count: '11' is out of range (0 to 10); keeping "
            "the last value"))
        self.assertEqual(self.tiny('option'),
                         ["purr: plugin tiny: option menu-item is now "
                          "'Third'"])

    def test_reloaded_option_takes_effect(self):
        a = self.placed(100, 100, title='A')
        self.reload(self.conf(focus_on_map='no'))
        self.wait_log(r"option focus-on-map is now 'no'")
        b = self.placed(400, 300, title='B')
        self.assertFocused(a)
        self.assertManaged(b)

    def test_reloaded_menu_item_shows_in_the_menu(self):
        w = self.placed(300, 250, title='W')
        self.reload(self.conf(menu_item='Renamed'))
        self.wait_log(r"option menu-item is now 'Renamed'")
        menu, before = self.open_menu(w)
        self.choose(['Down'] * FIRST_PLUGIN_ITEM, before)
        self.assertIn(ABOVE, self.h.net_wm_state(w))
        self.assertEqual(len(self.tiny(r"menu item picked on %s 'W'$"
                                       % self.xid(w))), 1)


# -- hooks: the first answer wins ------------------------------------------


class FocusOrder:
    """tiny answers focus-on-map no, tiny-b yes."""

    groups = dict(tiny={'focus-on-map': 'no'},
                  tiny_b={'focus-on-map': 'yes'})

    def focused_a(self):
        """A, focused (activated: the hook is only asked for new
        windows), with a user time of now."""
        a = self.placed(100, 100, title='A')
        self.h.activate(a)
        self.h.sync()
        t = self.h.timestamp()
        a.set_user_time(t)
        self.h.sync()
        self.assertFocused(a)
        return a, t


class FocusNoFirstTest(FocusOrder, PluginTestCase):
    """enabled = tiny;tiny-b: tiny's no wins."""

    config = conf_text('tiny;tiny-b', **FocusOrder.groups)

    def test_new_window_is_not_focused(self):
        a, t = self.focused_a()
        b = self.placed(400, 300, title='B')  # purr alone would focus it
        self.assertFocused(a)
        self.assertManaged(b)

    def test_first_window_is_not_focused_either(self):
        w = self.placed(300, 200, title='W')
        self.assertNotEqual(self.h.input_focus(), w.id)
        self.assertNotEqual(self.h.active_window(), w.id)


class FocusYesFirstTest(FocusOrder, PluginTestCase):
    """enabled = tiny-b;tiny: tiny-b's yes wins, even over purr's own
    focus-stealing prevention."""

    config = conf_text('tiny-b;tiny', **FocusOrder.groups)

    def test_new_window_is_focused(self):
        a, t = self.focused_a()
        b = self.placed(400, 300, title='B')
        self.assertFocused(b)

    def test_window_purr_would_refuse_is_focused(self):
        a, t = self.focused_a()
        b = self.placed(400, 300, title='B', user_time=t - 1)
        self.assertFocused(b)


class DecorateOrder:
    """tiny answers decorate no, tiny-b yes."""

    groups = dict(tiny={'decorate': 'no'}, tiny_b={'decorate': 'yes'})

    def ordinary(self):
        return self.placed(200, 150, title='ordinary')

    def undecorated(self):
        w = self.c.create_window(x=500, y=300, width=300, height=200,
                                 title='asks for none', map=False,
                                 normal_hints={'us_position': True})
        motif_undecorated(w)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        return w

    def assertFrameless(self, w):
        self.assertEqual(self.g.extents(w), (0, 0, 0, 0))
        self.assertEqual(self.g.frame_window_rect(w), self.client(w),
                         'the frame window is larger than the client')

    def assertFramed(self, w):
        left, right, top, bottom = self.ext(w)
        self.assertGreater(top, bottom, 'no title strip: extents %r'
                           % ((left, right, top, bottom),))
        self.assertEqual(self.g.frame_window_rect(w),
                         self.g.decorated_rect(w))


class DecorateNoFirstTest(DecorateOrder, PluginTestCase):
    """enabled = tiny;tiny-b: no window gets a frame."""

    config = conf_text('tiny;tiny-b', **DecorateOrder.groups)

    def test_ordinary_window_gets_no_frame(self):
        self.assertFrameless(self.ordinary())

    def test_undecorated_window_stays_so(self):
        self.assertFrameless(self.undecorated())


class DecorateYesFirstTest(DecorateOrder, PluginTestCase):
    """enabled = tiny-b;tiny: every window is framed, one that asked for
    none too."""

    config = conf_text('tiny-b;tiny', **DecorateOrder.groups)

    def test_ordinary_window_is_framed(self):
        self.assertFramed(self.ordinary())

    def test_window_asking_for_no_frame_is_framed(self):
        self.assertFramed(self.undecorated())


# -- hooks: place, layer, autofullscreen, keybinding -------------------------


class PlaceTest(PluginTestCase):
    """place-at: the plugin puts every new window's frame there."""

    config = conf_text('tiny', tiny={'place-at': '100,50'})

    def test_new_window_frame_at_the_plugins_place(self):
        w = self.c.create_window(x=600, y=500, width=300, height=200,
                                 title='W')
        self.h.sync()
        self.assertManaged(w)
        fx, fy, fw, fh = self.g.decorated_rect(w)
        self.assertEqual((fx, fy), (100, 50))
        self.assertEqual(self.frame(w)[:2], (100, 50))
        self.assertEqual(self.client(w)[2:], (300, 200), 'the size changed')

    def test_plugin_wins_over_a_user_position(self):
        w = self.placed(700, 600, title='W')
        self.assertEqual(self.g.decorated_rect(w)[:2], (100, 50))

    def test_second_window_goes_there_too(self):
        a = self.placed(700, 600, title='A')
        b = self.placed(300, 400, title='B')
        self.assertEqual(self.g.decorated_rect(a)[:2], (100, 50))
        self.assertEqual(self.g.decorated_rect(b)[:2], (100, 50))


class LayerBelowTest(PluginTestCase):
    """layer-class Lowly, layer below: its windows stack under ordinary
    ones, whatever the order they came in and the focus."""

    config = conf_text('tiny', tiny={'layer-class': 'Lowly', 'layer': 'below'})

    def test_later_focused_window_stays_below(self):
        a = self.placed(100, 100, title='ordinary')
        b = self.placed(200, 150, title='lowly', wm_class=('lowly', 'Lowly'))
        self.assertFocused(b)
        self.assertTrue(self.g.is_above(a, b), 'the Lowly window is above')
        self.h.activate(b)
        self.h.sync()
        self.assertFocused(b)
        self.assertTrue(self.g.is_above(a, b), 'activating raised it')
        self.assertStackingConsistent()

    def test_other_classes_are_not_touched(self):
        a = self.placed(100, 100, title='first', wm_class=('low', 'Low'))
        b = self.placed(200, 150, title='second')
        self.h.activate(a)
        self.h.sync()
        self.assertTrue(self.g.is_above(a, b))


class LayerAboveTest(PluginTestCase):
    """layer-class Lofty, layer above: its windows stack over ordinary
    ones mapped and focused after them."""

    config = conf_text('tiny', tiny={'layer-class': 'Lofty', 'layer': 'above'})

    def test_earlier_window_stays_above_a_focused_one(self):
        b = self.placed(200, 150, title='lofty', wm_class=('lofty', 'Lofty'))
        a = self.placed(100, 100, title='ordinary')
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(b, a), 'the Lofty window is below')
        self.h.activate(a)
        self.h.sync()
        self.assertTrue(self.g.is_above(b, a), 'activating raised the '
                        'ordinary window over it')
        self.assertStackingConsistent()


class AutofullscreenHook:
    """Both answers: the rule's windows, mapped or asking later."""

    def asked(self, answer, w=None):
        """tiny's lines saying it answered, for w (any window: None)."""
        S = self.screen()
        who = self.xid(w) if w is not None else r'0x[0-9a-f]+'
        return self.tiny(r'autofullscreen %s for %s at %dx%d$'
                         % (answer, who, S[2], S[3]))

    def test_smaller_window_is_not_asked_about(self):
        w = self.legacy((100, 100, 400, 300))
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.tiny(r'autofullscreen'), [])

    def test_decorated_window_is_not_asked_about(self):
        S = self.screen()
        w = self.c.create_window(x=0, y=0, width=S[2], height=S[3],
                                 title='decorated')
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.tiny(r'autofullscreen'), [])

    # The decorate, place and autofullscreen hooks of a window being
    # mapped are called before purr has added it (before window-added),
    # and the host's functions refuse that handle: window_xid() gives 0
    # and purr logs "plugin tiny handed purr a window it does not manage".
    # include/purr/types.h says a handle is valid from when a hook hands
    # it out.
    @unittest.expectedFailure
    def test_hook_at_map_time_can_ask_about_the_window(self):
        w = self.legacy(self.screen())
        self.assertNoLine(r'does not manage')
        self.assertEqual(len(self.asked(self.answer, w)), 1,
                         self.tiny(r'autofullscreen'))


class AutofullscreenNoTest(AutofullscreenHook, PluginTestCase):
    """autofullscreen no: the plugin turns purr's rule (on by default)
    off."""

    config = conf_text('tiny', tiny={'autofullscreen': 'no'})
    answer = 'no'

    def test_window_mapped_at_the_monitor_is_not_fullscreen(self):
        w = self.legacy(self.screen())
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(len(self.asked('no')), 1, self.purr.stderr())

    def test_window_asking_later_for_the_monitor_is_not_fullscreen(self):
        w = self.legacy((100, 100, 400, 300))
        S = self.screen()
        w.configure(x=S[0], y=S[1], width=S[2], height=S[3])
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.client(w), S)
        self.assertEqual(len(self.asked('no', w)), 1, self.purr.stderr())

    def test_fullscreen_asked_for_still_works(self):
        w = self.legacy((100, 100, 400, 300))
        self.g.fullscreen(w)
        self.h.sync()
        self.assertIn(FS, self.g.state(w))
        self.assertEqual(self.client(w), self.screen())


class AutofullscreenYesTest(AutofullscreenHook, PluginTestCase):
    """autofullscreen yes with [general] autofullscreen=false: the plugin's
    answer wins over purr's own."""

    config = conf_text('tiny', general='autofullscreen = false\n',
                       tiny={'autofullscreen': 'yes'})
    answer = 'yes'

    def test_window_mapped_at_the_monitor_is_fullscreen(self):
        S = self.screen()
        w = self.legacy(S)
        self.assertIn(FS, self.g.state(w))
        self.assertEqual(self.client(w), S)
        self.assertEqual(self.g.extents(w), (0, 0, 0, 0))
        self.assertEqual(len(self.asked('yes')), 1, self.purr.stderr())

    def test_window_asking_later_for_the_monitor_is_fullscreen(self):
        w = self.legacy((100, 100, 400, 300))
        self.assertNotIn(FS, self.g.state(w))
        S = self.screen()
        w.configure(x=S[0], y=S[1], width=S[2], height=S[3])
        self.h.sync()
        self.assertIn(FS, self.g.state(w))
        self.assertEqual(len(self.asked('yes', w)), 1, self.purr.stderr())


class KeybindingTest(PluginTestCase):
    """take-action toggle-maximized: the plugin takes Alt+F10's action,
    and purr does not do it; other keys still work."""

    config = conf_text('tiny', tiny={'take-action': 'toggle-maximized'})

    def test_alt_f10_is_the_plugins(self):
        w = self.placed(200, 150, title='W')
        frame = self.frame(w)
        self.key('alt+F10')
        self.assertFalse(MAX & self.h.net_wm_state(w), 'purr maximized it')
        self.assertFrameIs(w, frame)
        self.assertEqual(self.tiny('took'),
                         ['purr: plugin tiny: took toggle-maximized'])
        self.key('alt+F10')
        self.assertEqual(len(self.tiny('took')), 2)
        self.assertFalse(MAX & self.h.net_wm_state(w))

    def test_other_bindings_still_work(self):
        w = self.placed(200, 150, title='W')
        self.key('super+Up')
        self.assertLessEqual(MAX, self.h.net_wm_state(w))
        self.key('alt+F4')
        self.assertEqual(len(self.deletes(w)), 1)
        self.assertEqual(self.tiny('took'), [])


# -- the window menu ---------------------------------------------------------


class MenuItemTest(PluginTestCase):
    """menu-item: the plugin's item follows purr's entries; picking it
    toggles Always on Top (through the plugin)."""

    config = conf_text('tiny', tiny={'menu-item': 'Tiny item'})

    def test_item_comes_after_close(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(['Down'] * FIRST_PLUGIN_ITEM, before)
        self.assertIn(ABOVE, self.h.net_wm_state(w))
        self.assertEqual(self.tiny('menu item'),
                         ["purr: plugin tiny: menu item picked on %s 'W'"
                          % self.xid(w)])
        menu, before = self.open_menu(w)
        self.choose(['Down'] * FIRST_PLUGIN_ITEM, before)
        self.assertNotIn(ABOVE, self.h.net_wm_state(w))
        self.assertEqual(len(self.tiny('menu item')), 2)

    def test_item_is_the_last(self):
        # GTK menus wrap: Up from the first entry selects the last one.
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(['Up'], before)
        self.assertIn(ABOVE, self.h.net_wm_state(w))
        self.assertEqual(len(self.tiny('menu item picked')), 1)

    def test_purrs_entries_are_still_there(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose(['Down'] * CLOSE, before)
        self.assertEqual(len(self.deletes(w)), 1)
        self.assertEqual(self.tiny('menu item'), [])
        menu, before = self.open_menu(w)
        self.choose([], before)  # Minimize, the first entry
        self.assertTrue(self.is_minimized(w))

    def test_menu_no_after_reload_opens_nothing(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.xdo('key', 'Escape')
        self.wait_popups_gone(before, timeout=10, what='the window menu')
        self.h.sync()
        self.reload(conf_text('tiny', tiny={'menu-item': 'Tiny item',
                                            'menu': 'no'}))
        self.wait_log(r"option menu is now 'no'")
        self.assertNoMenu(w)
        self.assertEqual(self.tiny('menu item'), [])


class MenuOnlyPluginItemsTest(PluginTestCase):
    """menu yes: only the plugins' items show; menu no: no menu opens."""

    config = conf_text('tiny', tiny={'menu-item': 'Tiny item', 'menu': 'yes'})

    def test_the_first_entry_is_the_plugins(self):
        w = self.placed(300, 250, title='W')
        menu, before = self.open_menu(w)
        self.choose([], before)
        self.assertIn(ABOVE, self.h.net_wm_state(w))
        self.assertFalse(self.is_minimized(w))
        self.assertEqual(len(self.tiny('menu item picked')), 1)

    def test_it_is_the_only_entry(self):
        # Down wraps around a menu of one entry back to that entry; with
        # purr's entries there, three Downs would reach Resize.
        w = self.placed(300, 250, title='W')
        frame = self.frame(w)
        menu, before = self.open_menu(w)
        self.choose(['Down', 'Down', 'Down'], before)
        self.assertIn(ABOVE, self.h.net_wm_state(w))
        self.assertFrameIs(w, frame)
        self.assertGrabsFree('after the menu')

    def test_no_item_means_no_menu(self):
        w = self.placed(300, 250, title='W')
        self.reload(conf_text('tiny', tiny={'menu': 'yes'}))
        self.wait_log(r"option menu-item is now ''")
        self.assertNoMenu(w)

    def test_menu_no_opens_nothing(self):
        w = self.placed(300, 250, title='W')
        self.reload(conf_text('tiny', tiny={'menu-item': 'Tiny item',
                                            'menu': 'no'}))
        self.wait_log(r"option menu is now 'no'")
        self.assertNoMenu(w)


# -- listeners ---------------------------------------------------------------


class ListenerTest(PluginTestCase):
    """What tiny's listeners hear: windows added and removed as it
    happens, title, focus and workspace changes once per main-loop
    iteration."""

    config = conf_text('tiny')

    def test_added_and_removed(self):
        w = self.placed(200, 150, title='Hello')
        self.assertEqual(self.tiny(r'added'),
                         ["purr: plugin tiny: added %s 'Hello'" % self.xid(w)])
        w.destroy()
        self.h.sync()
        self.assertEqual(self.tiny(r'removed'),
                         ["purr: plugin tiny: removed %s 'Hello'"
                          % self.xid(w)])

    def test_withdrawn_window_is_removed(self):
        w = self.placed(200, 150, title='Going')
        w.withdraw()
        self.h.sync()
        self.assertEqual(len(self.tiny(r"removed %s 'Going'$"
                                       % self.xid(w))), 1)

    def test_title_change(self):
        w = self.placed(200, 150, title='Old title')
        w.set_title('New title')
        self.h.sync()
        self.assertEqual(self.tiny(r'title'),
                         ["purr: plugin tiny: title %s 'New title'"
                          % self.xid(w)])

    def test_focus_change_names_the_old_window(self):
        a = self.placed(100, 100, title='A')
        self.assertEqual(self.tiny(r'focus'),
                         ['purr: plugin tiny: focus %s from 0x0'
                          % self.xid(a)])
        b = self.placed(400, 300, title='B')
        self.assertFocused(b)
        self.h.activate(a)
        self.h.sync()
        self.assertEqual(self.tiny(r'focus')[1:], [
            'purr: plugin tiny: focus %s from %s' % (self.xid(b),
                                                     self.xid(a)),
            'purr: plugin tiny: focus %s from %s' % (self.xid(a),
                                                     self.xid(b))])

    def test_workspace_switch(self):
        self.placed(200, 150, title='W')
        self.h.set_current_desktop(2)
        self.h.sync()
        self.assertEqual(self.tiny(r'workspace'),
                         ['purr: plugin tiny: workspace 2 from 0'])
        self.key('ctrl+alt+Left')
        self.assertEqual(self.h.current_desktop(), 1)
        self.assertEqual(self.tiny(r'workspace')[1:],
                         ['purr: plugin tiny: workspace 1 from 2'])

    def test_burst_of_title_changes_is_coalesced(self):
        w = self.placed(200, 150, title='T start')
        # Under a server grab, purr sees none of the changes until it has
        # them all queued: they are one burst whatever the machine's
        # speed (each request of ours may go out on its own).
        self.c.d.grab_server()
        for i in range(20):
            w.set_title('T %d' % i)
        self.c.d.ungrab_server()
        self.h.sync()
        told = self.tiny(r'title %s ' % self.xid(w))
        self.assertGreaterEqual(len(told), 1, 'no title event')
        self.assertLess(len(told), 20, 'one title event per change: %r'
                        % told)
        self.assertEqual(told[-1], "purr: plugin tiny: title %s 'T 19'"
                         % self.xid(w))

    def test_new_window_is_not_told_as_changed(self):
        w = self.placed(200, 150, title='Fresh')
        self.assertEqual(self.tiny(r'title'), [])
        self.assertEqual(len(self.tiny(r'added %s ' % self.xid(w))), 1)

    def test_config_reloaded(self):
        self.reload(self.config + '# edited\n')
        self.assertEqual(self.tiny(r'config reloaded'),
                         ['purr: plugin tiny: config reloaded'])
        self.assertEqual(self.tiny(r'option'), [])


# -- kiosk -------------------------------------------------------------------


class KioskTest(PluginTestCase):
    """kiosk with dock-class PurrDock: that class above everything, no
    autofullscreen, no frames, no window menu."""

    config = conf_text('kiosk', kiosk={'dock-class': 'PurrDock'})

    def test_loaded(self):
        self.assertOneLine(r'^purr: plugin kiosk 1\.0 loaded from %s$'
                           % re.escape(plugin_file('kiosk')))
        self.assertNoLine('warning')

    def test_dock_class_window_stays_above_a_focused_fullscreen_one(self):
        d = self.placed(0, 900, width=1280, height=60, title='dock',
                        wm_class=('purrdock', 'PurrDock'))
        w = self.placed(200, 150, title='W')
        self.g.fullscreen(w)
        self.h.sync()
        self.assertIn(FS, self.g.state(w))
        self.assertFocused(w)
        self.assertTrue(self.g.is_above(d, w), 'the fullscreen window '
                        'covers the PurrDock window')
        self.h.activate(w)
        self.h.sync()
        self.assertTrue(self.g.is_above(d, w))
        self.assertStackingConsistent()

    def test_maximized_undecorated_window_stays_under_a_dock(self):
        S = self.screen()
        dock = self.g.dock(self.c, 0, S[3] - 40, S[2], 40,
                           partial=bottom_partial(40, 0, S[2] - 1))
        self.h.sync()
        w = self.legacy(S, states=['MAXIMIZED_VERT', 'MAXIMIZED_HORZ'])
        state = self.g.state(w)
        self.assertNotIn(FS, state)
        self.assertEqual(state & MAX, MAX)
        self.assertEqual(self.client(w), (0, 0, S[2], S[3] - 40))
        self.assertFocused(w)
        self.assertTrue(self.g.is_above(dock, w))

    def test_window_asking_for_the_monitor_is_not_fullscreen(self):
        w = self.legacy(self.screen())
        self.assertNotIn(FS, self.g.state(w))

    def test_ordinary_window_gets_no_frame(self):
        w = self.placed(200, 150, title='W')
        self.assertEqual(self.ext(w), (0, 0, 0, 0))

    def test_no_window_menu(self):
        w = self.placed(200, 150, title='W')
        self.assertNoMenu(w)

    def test_close_is_not_blocked_by_default(self):
        w = self.placed(200, 150, title='W')
        self.key('alt+F4')
        self.assertEqual(len(self.deletes(w)), 1)


class KioskDecorationsTest(PluginTestCase):
    """kiosk with decorations = true: windows are framed as without it."""

    config = conf_text('kiosk', kiosk={'decorations': 'true'})

    def test_ordinary_window_is_framed(self):
        w = self.placed(200, 150, title='W')
        left, right, top, bottom = self.ext(w)
        self.assertGreater(top, bottom)

    def test_undecorated_window_stays_so(self):
        w = self.legacy((100, 100, 400, 300))
        self.assertEqual(self.g.extents(w), (0, 0, 0, 0))


class KioskBlockedActionsTest(PluginTestCase):
    """kiosk with blocked-actions = close: Alt+F4 does nothing; the other
    keys work."""

    config = conf_text('kiosk', kiosk={'blocked-actions': 'close'})

    def test_alt_f4_does_nothing(self):
        w = self.placed(200, 150, title='W')
        self.key('alt+F4')
        self.assertEqual(self.deletes(w), [])
        self.assertManaged(w)

    def test_other_keys_work(self):
        w = self.placed(200, 150, title='W')
        self.key('alt+F10')
        self.assertLessEqual(MAX, self.h.net_wm_state(w))

    def test_close_from_a_pager_still_works(self):
        # Only keys are blocked: _NET_CLOSE_WINDOW is no key.
        w = self.placed(200, 150, title='W')
        self.h.close_window(w)
        self.h.sync()
        self.assertEqual(len(self.deletes(w)), 1)


# -- crashes, hangs and slow hooks -------------------------------------------


class TrapBase:
    """A window mapped before purr starts (adopted: the focus_on_map hook
    is not asked for it), then one mapped while purr runs, which springs
    the trap."""

    LEFT_OUT = ('purr: warning: plugin tiny is left out: it crashed purr in '
                'focus_on_map last time (')

    def before_purr(self):
        self.early = self.c.create_window(x=50, y=60, title='early')
        self.c.sync()

    def spring(self):
        """Map the victim; wait for purr to go. The victim (never framed)."""
        first = self.purr
        self.assertManaged(self.early)
        victim = self.c.create_window(x=300, y=250, title='victim')
        self.c.sync()
        self.wait_exit(first, timeout=60)
        self.assertNotEqual(first.returncode(), 0)
        self.first = first
        return victim

    def assertLeftOut(self, proc):
        line = self.assertOneLine('^' + re.escape(self.LEFT_OUT), proc)
        self.assertIn(self.blame_file(), line)
        self.assertNoLine(r'^purr: plugin tiny', proc)

    def window_state(self, w):
        return ('parent 0x%x (root 0x%x), map state %d, WM_STATE %s'
                % (self.h.parent(w), self.h.root.id, self.h.map_state(w),
                   self.h.wm_state(w)))

    def test_restart_leaves_the_plugin_out(self):
        victim = self.spring()
        self.assertTrue(self.h.exists(victim), 'the client window is gone')
        self.assertTrue(self.h.exists(self.early))
        second = self.restart_purr()
        self.assertLeftOut(second)
        # The window purr managed before it died came back to the root
        # (save-set) and is adopted again.
        self.h.wait_until(lambda: self.early.id in self.h.client_list(), 10,
                          'the window from before to be managed again')
        self.assertManaged(self.early)
        other = self.placed(500, 400, title='after')
        self.assertFocused(other)
        self.assertTrue(second.alive())
        self.assertTrue(os.path.exists(self.blame_file()),
                        'the blame went by itself')

    def test_blame_stays_over_several_starts(self):
        self.spring()
        for _ in range(2):
            p = self.restart_purr()
            self.assertLeftOut(p)
            p.stop()
            p.expected_exit = True
        self.assertLeftOut(self.restart_purr())

    def test_removing_the_blame_file_brings_the_plugin_back(self):
        self.spring()
        p = self.restart_purr()
        self.assertLeftOut(p)
        p.stop()
        p.expected_exit = True
        os.unlink(self.blame_file())
        third = self.restart_purr()  # the same purr.conf: the trap is set
        self.assertOneLine(r'^purr: plugin tiny 1\.0 loaded from ', third)
        self.assertNoLine('left out', third)
        self.assertManaged(self.early)
        # Its hooks run again: a new window springs the trap again.
        self.c.create_window(x=500, y=400, title='again')
        self.c.sync()
        self.wait_exit(third, timeout=60)
        self.assertEqual(len(self.lines(self.TRAPPED, third)), 1,
                         third.stderr())

    # The window being managed when purr died is lost: the save-set and
    # reparent requests for it were still in purr's unsent request buffer
    # when the hook was called, so it stays an unmapped child of the root
    # without WM_STATE, and the next purr (which adopts only viewable or
    # iconic windows) never manages it; its MapRequest is gone.
    @unittest.expectedFailure
    def test_window_mapped_at_the_crash_is_managed_after_restart(self):
        victim = self.spring()
        self.restart_purr()
        self.h.wait_until(lambda: victim.id in self.h.client_list(), 10,
                          'the window mapped at the crash to be managed '
                          '(it is: %s)' % self.window_state(victim))
        self.assertManaged(victim)


class CrashTest(TrapBase, PluginTestCase):
    """trap = crash: tiny crashes purr in focus_on_map. purr names it, and
    leaves it out when it starts again, until the blame file goes."""

    config = conf_text('tiny', tiny={'trap': 'crash'})
    TRAPPED = (r'^purr: plugin tiny crashed purr in focus_on_map; it is left '
               r'out when purr starts again$')

    def test_crash_is_one_line_and_a_blame_file(self):
        victim = self.spring()
        self.assertEqual(len(self.lines(self.TRAPPED, self.first)), 1,
                         self.first.stderr())
        self.assertNoLine(r'has not returned', self.first)
        with open(self.blame_file()) as f:
            self.assertEqual(f.read().split('\n')[:2],
                             ['tiny', 'focus_on_map'])
        self.assertTrue(self.h.exists(victim))


class HangTest(TrapBase, PluginTestCase):
    """trap = hang: a hook that has not returned after 5 s stops purr,
    which leaves the plugin out when it starts again."""

    config = conf_text('tiny', tiny={'trap': 'hang'})
    TRAPPED = (r'^purr: plugin tiny has not returned from focus_on_map; it '
               r'is left out when purr starts again$')

    def test_hang_is_one_line_and_a_blame_file(self):
        victim = self.spring()
        self.assertEqual(len(self.lines(self.TRAPPED, self.first)), 1,
                         self.first.stderr())
        self.assertNoLine(r'crashed purr', self.first)
        with open(self.blame_file()) as f:
            self.assertEqual(f.read().split('\n')[:2],
                             ['tiny', 'focus_on_map'])
        self.assertTrue(self.h.exists(victim))


class SlowTest(PluginTestCase):
    """trap = slow: a hook taking over 100 ms is one warning; purr goes
    on."""

    config = conf_text('tiny', tiny={'trap': 'slow'})

    def test_slow_hook_is_logged(self):
        w = self.placed(200, 150, title='W')
        self.assertFocused(w)
        slow = self.lines(r'^purr: warning: plugin tiny: focus_on_map took '
                          r'\d+ ms$')
        self.assertEqual(len(slow), 1, self.purr.stderr_lines())
        ms = int(re.search(r'took (\d+) ms', slow[0]).group(1))
        self.assertGreaterEqual(ms, 100)
        self.assertFalse(os.path.exists(self.blame_file()))

    def test_each_slow_call_is_logged(self):
        self.placed(100, 100, title='A')
        self.placed(400, 300, title='B')
        self.assertEqual(len(self.lines(r'focus_on_map took \d+ ms')), 2)


# -- safe mode and --list-plugins --------------------------------------------


class SafeModeBase:
    """tiny would keep new windows from the focus and put them at
    (100, 50)."""

    config = conf_text('tiny;kiosk', tiny={'focus-on-map': 'no',
                                           'place-at': '100,50'})

    def test_no_plugin_loads(self):
        self.assertOneLine(r'^purr: safe mode: no plugins$')
        self.assertNoLine(r'\bplugin\b')
        self.assertNoLine('warning')

    def test_windows_are_purrs_alone(self):
        w = self.placed(300, 250, title='W')
        self.assertFocused(w)
        self.assertEqual(self.g.decorated_rect(w)[:2], (300, 250))
        self.assertNotEqual(self.g.extents(w), (0, 0, 0, 0))


class SafeModeOptionTest(SafeModeBase, PluginTestCase):
    """--safe-mode: no plugin loads."""

    purr_args = ('--safe-mode',)


class SafeModeEnvironmentTest(SafeModeBase, PluginTestCase):
    """PURR_SAFE_MODE=1: no plugin loads."""

    extra_env = {'PURR_SAFE_MODE': '1'}


class SafeModeOtherValueTest(PluginTestCase):
    """PURR_SAFE_MODE=0 is not safe mode."""

    extra_env = {'PURR_SAFE_MODE': '0'}
    config = conf_text('tiny')

    def test_plugins_load(self):
        self.assertNoLine('safe mode')
        self.assertOneLine(r'^purr: plugin tiny 1\.0 loaded from ')


class ListPluginsTest(unittest.TestCase):
    """purr --list-plugins: every plugin found, its state and options, and
    why each broken one cannot load; no display needed, no plugin code
    run."""

    def setUp(self):
        require_plugins()
        self.tmp = tempfile.mkdtemp(prefix='purr-it-list-')
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)
        self.conf = os.path.join(self.tmp, 'purr.conf')
        with open(self.conf, 'w') as f:
            f.write(conf_text('tiny;not-installed', tiny={'count': 5}))

    def list_plugins(self, *args, path=None):
        env = {'PATH': os.environ.get('PATH', '/usr/bin:/bin'),
               'HOME': self.tmp, 'XDG_RUNTIME_DIR': self.tmp,
               'XDG_CONFIG_HOME': self.tmp, 'LANG': 'C.UTF-8',
               'PURR_PLUGIN_PATH': path or plugin_path()}
        for k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS'):
            if k in os.environ:
                env[k] = os.environ[k]
        r = subprocess.run(harness.purr_command() + ['--list-plugins']
                           + list(args), env=env, capture_output=True,
                           text=True, timeout=120, stdin=subprocess.DEVNULL,
                           cwd=self.tmp)
        self.assertEqual(r.returncode, 0, 'purr --list-plugins failed:\n%s%s'
                         % (r.stdout, r.stderr))
        return r.stdout

    def block(self, out, plugin_id):
        """The lines about plugin_id: its first line and those indented
        under it."""
        lines = out.split('\n')
        for i, l in enumerate(lines):
            if l.startswith(plugin_id + ' ') or l.startswith(plugin_id + ':'):
                j = i + 1
                while j < len(lines) and lines[j].startswith(' '):
                    j += 1
                return lines[i:j]
        self.fail('%s not listed:\n%s' % (plugin_id, out))

    def test_tiny_is_enabled_with_its_options(self):
        out = self.list_plugins('--config', self.conf)
        b = self.block(out, 'tiny')
        self.assertEqual(b[0], 'tiny 1.0 (ABI 1.0) enabled')
        self.assertEqual(b[1], '  Tiny sample plugin: answers every hook as '
                         'its options say')
        self.assertEqual(b[2], '  ' + plugin_file('tiny'))
        options = [l for l in b[3:] if l.startswith('    ')]
        self.assertEqual(len(options), 11, b)
        self.assertIn('    count (int, default 3, 0 to 10): a number, to test '
                      'range checks', b)
        self.assertIn('    focus-on-map (enum, default pass, one of pass yes '
                      'no): answer to focus-on-map', b)
        self.assertIn('    place-at (string, default ""): "X,Y": put new '
                      'windows\' frames there', b)

    def test_others_are_available(self):
        out = self.list_plugins('--config', self.conf)
        self.assertEqual(self.block(out, 'tiny-b')[0],
                         'tiny-b 1.0 (ABI 1.0) available')
        k = self.block(out, 'kiosk')
        self.assertEqual(k[0], 'kiosk 1.0 (ABI 1.0) available')
        self.assertIn('  ' + plugin_file('kiosk'), k)
        self.assertTrue(any(l.startswith('    dock-class (string, default '
                                         '""')
                            for l in k), k)
        self.assertTrue(any(l.startswith('    decorations (bool, default '
                                         'false)')
                            for l in k), k)

    def test_broken_ones_are_not_loadable(self):
        out = self.list_plugins('--config', self.conf)
        for pid, why in sorted(BROKEN.items()):
            b = self.block(out, pid)
            self.assertEqual(b, ['%s: not loadable: %s' % (pid, why),
                                 '  ' + plugin_file(pid)])
        # Its descriptor is fine; its init is not run by a listing.
        self.assertTrue(self.block(out, 'init-fails')[0].startswith(
            'init-fails '), out)

    def test_enabled_but_missing_is_said(self):
        out = self.list_plugins('--config', self.conf)
        self.assertIn('not-installed: enabled in purr.conf but not '
                      'installed\n', out)

    def test_without_a_config_nothing_is_enabled(self):
        out = self.list_plugins('--config', os.path.join(self.tmp, 'none'))
        self.assertEqual(self.block(out, 'tiny')[0],
                         'tiny 1.0 (ABI 1.0) available')
        self.assertNotIn(' enabled\n', out)

    def test_first_directory_wins(self):
        # A copy of tiny-b under the name tiny, in a directory before the
        # build's: that one is listed (and refused: its id is tiny-b), the
        # real tiny after it is not.
        first = os.path.join(self.tmp, 'first')
        os.mkdir(first)
        shutil.copy(plugin_file('tiny-b'), os.path.join(first, 'tiny.so'))
        out = self.list_plugins('--config', self.conf,
                                path=first + ':' + plugin_path())
        self.assertEqual(self.block(out, 'tiny'),
                         ["tiny: not loadable: its id is 'tiny-b', not its "
                          "file's name", '  ' + os.path.join(first,
                                                             'tiny.so')])
        self.assertEqual(self.block(out, 'tiny-b')[0],
                         'tiny-b 1.0 (ABI 1.0) available')
        self.assertNotIn(plugin_file('tiny'), out)


if __name__ == '__main__':
    harness.main()
