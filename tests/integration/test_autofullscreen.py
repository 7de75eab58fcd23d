#!/usr/bin/python3
"""The autofullscreen rule and its switch.

An undecorated window (_MOTIF_WM_HINTS with flags bit 2 set and
decorations 0) that asks for exactly its monitor's rectangle is taken as
asking to be fullscreen, as Metacity does for legacy programs. The switch
(`[general] autofullscreen=false` in the file given by --config, or
--no-autofullscreen, which wins over the file) turns that off: such a
window then stays below docks, and a maximized undecorated window gets
the work area, so a dock stays visible over it.

Runs on one monitor, on the second of two and (the rule on) on the middle
of three.
"""

import os
import signal

from geometry_helpers import (
    bottom_partial, motif_undecorated, per_layout, rect_overlap)
import geometry_helpers

FS = '_NET_WM_STATE_FULLSCREEN'
MAX = {'_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'}


class AutoBase:

    def legacy(self, rect, states=None, decorated=False, motif=None,
               map=True):
        """A window at rect, undecorated unless told otherwise."""
        w = self.c.create_window(x=rect[0], y=rect[1], width=rect[2],
                                 height=rect[3], map=False, states=states,
                                 title='legacy')
        if motif is not None:
            w.set_cardinals('_MOTIF_WM_HINTS', motif)
        elif not decorated:
            motif_undecorated(w)
        if map:
            w.map()
            self.h.sync()
        return w

    def small(self, decorated=False):
        x, y = self.on_target(100, 100)
        return self.legacy((x, y, 400, 300), decorated=decorated)

    def dock(self, height=40):
        T = self.T
        return self.g.dock(self.c, T[0], T[1] + T[3] - height, T[2], height,
                           partial=bottom_partial(
                               self.screen[3] - (T[1] + T[3]) + height,
                               T[0], T[0] + T[2] - 1))

    def work(self, height=40):
        T = self.T
        return (T[0], T[1], T[2], T[3] - height)


class RuleOnTests(AutoBase):
    """The rule on (the default)."""

    def test_mapped_at_its_monitor(self):
        w = self.legacy(self.T)
        self.assertFullscreenOn(w, self.T)

    def test_configure_request_for_its_monitor(self):
        w = self.small()
        self.assertNotIn(FS, self.g.state(w))
        w.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertFullscreenOn(w, self.T)

    def test_moveresize_for_its_monitor(self):
        w = self.small()
        self.g.moveresize(w, *self.T, gravity=1)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)

    def test_another_monitors_rectangle(self):
        others = self.others()
        if not others:
            self.skipTest('needs a second monitor')
        w = self.small()
        for name, mon in sorted(others.items()):
            w.configure(x=mon[0], y=mon[1], width=mon[2], height=mon[3])
            self.h.sync()
            self.assertFullscreenOn(w, mon)
            self.g.fullscreen(w, False)
            self.h.sync()

    def test_decorated_window_is_not_taken_as_fullscreen(self):
        w = self.small(decorated=True)
        w.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.g.client_rect(w)[2:], self.T[2:])

    def test_motif_hints_without_the_decorations_flag(self):
        # flags = 1 (functions only): the decorations field does not count.
        w = self.legacy(self.T, motif=[1, 0, 0, 0, 0])
        self.assertNotIn(FS, self.g.state(w))
        self.assertNotEqual(self.g.extents(w), (0, 0, 0, 0))

    def test_one_pixel_short_is_not_fullscreen(self):
        T = self.T
        w = self.legacy((T[0], T[1], T[2], T[3] - 1))
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.g.client_rect(w), (T[0], T[1], T[2], T[3] - 1))

    def test_the_whole_screen_is_not_a_monitor(self):
        if len(self.monitors) == 1:
            self.skipTest('the screen is the monitor')
        w = self.small()
        S = self.screen
        w.configure(x=0, y=0, width=S[2], height=S[3])
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))

    def test_autofullscreen_window_covers_the_dock(self):
        d = self.dock()
        w = self.legacy(self.T)
        self.assertFocused(w)
        self.assertFullscreenOn(w, self.T)
        self.assertTrue(self.g.is_above(w, d))

    def test_maximized_legacy_window_is_fullscreen(self):
        # The distribution's case: undecorated, maximized, at the monitor's
        # size. With the rule on, that is fullscreen over the dock.
        d = self.dock()
        w = self.legacy(self.T, states=['MAXIMIZED_VERT', 'MAXIMIZED_HORZ'])
        self.assertFullscreenOn(w, self.T)
        self.assertTrue(self.g.is_above(w, d))


class RuleOffTests(AutoBase):
    """The rule off: by --no-autofullscreen, or the config file."""

    def test_mapped_at_its_monitor_stays_below_the_dock(self):
        d = self.dock()
        w = self.legacy(self.T)
        self.assertNotIn(FS, self.g.state(w))
        self.assertTrue(self.g.is_above(d, w), 'the dock is below the '
                        'undecorated window')
        self.h.activate(w)
        self.h.sync()
        self.assertTrue(self.g.is_above(d, w))

    def test_configure_request_for_its_monitor(self):
        w = self.small()
        w.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.g.client_rect(w), self.T)

    def test_moveresize_for_its_monitor(self):
        w = self.small()
        self.g.moveresize(w, *self.T, gravity=1)
        self.h.sync()
        self.assertNotIn(FS, self.g.state(w))

    def test_maximized_undecorated_gets_the_work_area(self):
        d = self.dock()
        w = self.legacy(self.T, states=['MAXIMIZED_VERT', 'MAXIMIZED_HORZ'])
        self.assertNotIn(FS, self.g.state(w))
        self.assertEqual(self.g.state(w) & MAX, MAX)
        self.assertEqual(self.g.client_rect(w), self.work())
        self.assertEqual(rect_overlap(self.g.frame_rect(w),
                                      self.g.client_rect(d)), 0)
        self.assertTrue(self.g.is_above(d, w))

    def test_maximize_request_gets_the_work_area(self):
        d = self.dock()
        w = self.small()
        self.g.maximize(w)
        self.h.sync()
        self.assertEqual(self.g.client_rect(w), self.work())
        self.assertTrue(self.g.is_above(d, w))

    def test_asking_for_fullscreen_still_works(self):
        d = self.dock()
        w = self.small()
        self.g.fullscreen(w)
        self.h.sync()
        self.assertFullscreenOn(w, self.T)
        self.assertTrue(self.g.is_above(w, d))


class SwitchByOption:
    purr_args = ('--no-autofullscreen',)


class SwitchByConfig:
    config_text = '[general]\nautofullscreen=false\n'
    extra_args = ()

    def start_wm(self):
        self.config_path = os.path.join(self.h.tmpdir, 'purr.conf')
        with open(self.config_path, 'w') as f:
            f.write(self.config_text)
        self.purr_args = ('--config', self.config_path) + tuple(
            self.extra_args)
        super().start_wm()


class SwitchByOptionOverConfig(SwitchByConfig):
    # The command line wins over the file.
    config_text = '[general]\nautofullscreen=true\n'
    extra_args = ('--no-autofullscreen',)


class ConfigOn(SwitchByConfig):
    config_text = '[general]\nautofullscreen=true\n'


def make(namespace, mixin, switch, suffix, layouts):
    for name in layouts:
        base = geometry_helpers.LAYOUT_CLASSES[name]
        cls = type(mixin.__name__[:-5] + suffix + name, (switch, mixin, base),
                   {'__module__': namespace['__name__'],
                    '__doc__': mixin.__doc__})
        namespace[cls.__name__] = cls


per_layout(globals(), RuleOnTests)
make(globals(), RuleOffTests, SwitchByOption, 'Option', ('One', 'Two'))
make(globals(), RuleOffTests, SwitchByConfig, 'Config', ('One', 'Two'))
make(globals(), RuleOffTests, SwitchByOptionOverConfig, 'OptionOverConfig',
     ('One',))
make(globals(), RuleOnTests, ConfigOn, 'Config', ('One',))


class ConfigReloadTest(SwitchByConfig, AutoBase, geometry_helpers.OnOne):
    """SIGHUP re-reads the file: the rule follows."""

    config_text = '[general]\nautofullscreen=true\n'

    def reload(self, text):
        with open(self.config_path, 'w') as f:
            f.write(text)
        mark = self.log_mark()
        self.purr.signal(signal.SIGHUP)
        self.h.wait_until(lambda: any('reloaded' in l
                                      for l in self.log_since(mark)),
                          5, 'purr to reload its configuration')
        self.h.sync()

    def test_switch_off_and_on_again(self):
        a = self.small()
        a.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertIn(FS, self.g.state(a))
        self.reload('[general]\nautofullscreen=false\n')
        b = self.small()
        b.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertNotIn(FS, self.g.state(b))
        self.reload('[general]\nautofullscreen=true\n')
        c = self.small()
        c.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertIn(FS, self.g.state(c))

    def test_bad_value_keeps_the_default_and_says_where(self):
        self.reload('[general]\nautofullscreen=maybe\n')
        self.assertTrue(any('autofullscreen' in l and ':2:' in l
                            for l in self.purr.stderr_lines()),
                        self.purr.stderr_lines())
        w = self.small()
        w.configure(x=self.T[0], y=self.T[1], width=self.T[2],
                    height=self.T[3])
        self.h.sync()
        self.assertIn(FS, self.g.state(w))


if __name__ == '__main__':
    geometry_helpers.main()
