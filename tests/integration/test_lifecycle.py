#!/usr/bin/python3
"""purr's life: command line, signals, and handing over to and from other
window managers (Debian's openbox) through WM_S0."""

import os
import signal
import time

from Xlib import X

import harness
import testclient

NorthWest, SouthEast, Static = 1, 9, 10
REPLACE_DEADLINE = 40.0  # longer than any sensible --replace timeout


def one_prefixed_line(test, proc):
    lines = proc.stderr_lines()
    test.assertEqual(len(lines), 1, 'expected exactly one line on stderr, '
                     'got:\n%s' % proc.stderr())
    test.assertTrue(lines[0].startswith('purr: '), lines[0])
    return lines[0]


def all_prefixed(test, proc):
    for line in proc.stderr_lines():
        test.assertTrue(line.startswith('purr: '),
                        'stderr line without the "purr: " prefix: %r' % line)


class CommandLineTest(harness.PurrTestCase):
    start_purr = False

    def run_purr(self, args, display_arg=False):
        p = self.h.start_purr(args, wait_ready=False, display_arg=display_arg)
        p.expected_exit = True
        status = p.wait(10)
        return p, status

    def test_help(self):
        p, status = self.run_purr(['--help'])
        self.assertEqual(status, 0)
        text = p.stdout() + p.stderr()
        for option in ('--display', '--replace', '--config', '--version'):
            self.assertIn(option, text)
        self.assertIsNone(self.h.wm_s0_owner() or None,
                          '--help took WM_S0')

    def test_version(self):
        p, status = self.run_purr(['--version'])
        self.assertEqual(status, 0)
        self.assertIn('purr', p.stdout() + p.stderr())

    def test_unknown_option_fails_with_one_line(self):
        p, status = self.run_purr(['--no-such-option'])
        self.assertNotEqual(status, 0)
        one_prefixed_line(self, p)
        self.assertEqual(self.h.wm_s0_owner(), 0)

    def test_display_option_wins_over_environment(self):
        # No $DISPLAY at all: only --display can say where to go.
        self.purr = self.h.start_purr(env={'DISPLAY': None})
        self.h.sync()
        w = self.window(title='A')
        self.assertManaged(w)

    def test_display_from_environment(self):
        self.purr = self.h.start_purr(display_arg=False)
        self.h.sync()
        self.assertManaged(self.window(title='A'))

    def test_clean_start_logs_no_x_error(self):
        self.purr = self.h.start_purr()
        self.h.sync()
        w = self.window(title='A')
        self.assertManaged(w)
        all_prefixed(self, self.purr)
        bad = [l for l in self.purr.stderr_lines() if 'X error' in l]
        self.assertEqual(bad, [], 'X errors on a clean start with one '
                         'ordinary window')


class ConfigTest(harness.PurrTestCase):
    """--config FILE (the format is the one README.md documents)."""
    start_purr = False

    def write_config(self, text):
        path = os.path.join(self.h.tmpdir, 'purr.conf')
        with open(path, 'w') as f:
            f.write(text)
        return path

    def desktop_names(self):
        p = self.h.prop(self.h.root, '_NET_DESKTOP_NAMES')
        self.assertEqual(p[:2], ('UTF8_STRING', 8))
        names = p[2].decode('utf-8').split('\0')
        if names and names[-1] == '':
            names.pop()
        return names

    def test_config_sets_workspaces(self):
        path = self.write_config('[workspaces]\ncount=6\n'
                                 'names=Web;Mail;Code;Music;Five;Six\n')
        self.purr = self.h.start_purr(['--config', path])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [6])
        self.assertEqual(self.desktop_names(),
                         ['Web', 'Mail', 'Code', 'Music', 'Five', 'Six'])
        self.h.set_current_desktop(5)
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 5)

    def test_config_bad_value_reported_with_file_and_line(self):
        path = self.write_config('[workspaces]\n\ncount=banana\n')
        self.purr = self.h.start_purr(['--config', path])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [4])
        lines = [l for l in self.purr.stderr_lines() if path in l]
        self.assertEqual(len(lines), 1, self.purr.stderr())
        self.assertRegex(lines[0], r'\b3\b', 'line number 3 not named')
        all_prefixed(self, self.purr)

    def test_config_unknown_key_reported_with_file_and_line(self):
        path = self.write_config('[workspaces]\ncount=5\nfrobs=1\n')
        self.purr = self.h.start_purr(['--config', path])
        self.h.sync()
        self.assertEqual(self.h.cardinals(self.h.root,
                                          '_NET_NUMBER_OF_DESKTOPS'), [5])
        lines = [l for l in self.purr.stderr_lines() if path in l]
        self.assertEqual(len(lines), 1, self.purr.stderr())
        self.assertRegex(lines[0], r'\b3\b', 'line number 3 not named')
        self.assertIn('frobs', lines[0])

    def test_sighup_reloads_config(self):
        path = self.write_config('[workspaces]\ncount=4\n')
        self.purr = self.h.start_purr(['--config', path])
        a = self.window(title='A')
        self.write_config('[workspaces]\ncount=3\nnames=One;Two;Three\n')
        self.purr.signal(signal.SIGHUP)
        self.h.wait_until(
            lambda: self.h.cardinals(self.h.root,
                                     '_NET_NUMBER_OF_DESKTOPS') == [3],
            5, 'SIGHUP to reload the workspace count')
        self.h.sync()
        self.assertEqual(self.desktop_names(), ['One', 'Two', 'Three'])
        self.assertManaged(a)


class SignalTest(harness.PurrTestCase):

    def windows_with_gravities(self):
        h = self.h
        nw = self.window(title='northwest', width=200, height=100)
        nw.configure(x=100, y=80)
        st = self.window(title='static', width=220, height=120,
                         win_gravity=Static)
        se = self.window(title='southeast', width=240, height=140,
                         win_gravity=SouthEast)
        se.configure(x=600, y=500)
        hidden = self.window(title='on desktop 2', desktop=2)
        h.sync()
        before = {}
        for w in (nw, st, se, hidden):
            frame = self.assertManaged(w) if w is not hidden else \
                h.frame_of(w)
            self.assertNotEqual(frame, w.id)
            # Where the frame shows.
            before[w.id] = (h.visible_frame_rect(w), h.outer_rect(w))
        return (nw, st, se, hidden), before

    def assertGivenBack(self, windows, before):
        h = self.h
        nw, st, se, hidden = windows
        for w in windows:
            self.assertTrue(h.exists(w), '%r was destroyed' % w)
            self.assertEqual(h.parent(w), h.root.id,
                             '%r not reparented to the root' % w)
            self.assertEqual(h.map_state(w), X.IsViewable,
                             '%r not mapped after purr exited' % w)
        # ICCCM 4.1.2.3 win_gravity, undone: the client's reference point
        # goes where the frame's was.
        frame, client = before[nw.id]
        self.assertEqual(h.outer_rect(nw)[:2], frame[:2],
                         'NorthWest: top-left not where the frame was')
        frame, client = before[st.id]
        self.assertEqual(h.outer_rect(st)[:2], client[:2],
                         'Static: client moved on screen')
        frame, client = before[se.id]
        x, y, w, hgt = h.outer_rect(se)
        self.assertEqual((x + w, y + hgt),
                         (frame[0] + frame[2], frame[1] + frame[3]),
                         'SouthEast: bottom-right not where the frame\'s was')
        frame, client = before[hidden.id]
        self.assertEqual(h.outer_rect(hidden)[:2], frame[:2])
        for wdw in windows:
            self.assertEqual(h.outer_rect(wdw)[2:], before[wdw.id][1][2:],
                             'client size changed')
        self.assertEqual(h.wm_s0_owner(), 0, 'WM_S0 still owned')

    def test_sigterm_gives_every_window_back(self):
        windows, before = self.windows_with_gravities()
        self.purr.expected_exit = True
        self.purr.signal(signal.SIGTERM)
        self.assertEqual(self.purr.wait(5), 0)
        self.c.sync()
        self.assertGivenBack(windows, before)
        all_prefixed(self, self.purr)

    def test_sigint_gives_every_window_back(self):
        windows, before = self.windows_with_gravities()
        self.purr.expected_exit = True
        self.purr.signal(signal.SIGINT)
        self.assertEqual(self.purr.wait(5), 0)
        self.c.sync()
        self.assertGivenBack(windows, before)
        all_prefixed(self, self.purr)

    def test_sigkill_windows_survive_and_are_adopted_again(self):
        a = self.window(title='A')
        b = self.window(title='B', desktop=1)
        self.purr.expected_exit = True
        self.purr.signal(signal.SIGKILL)
        self.assertEqual(self.purr.wait(5), -signal.SIGKILL)
        self.c.sync()
        for w in (a, b):
            self.assertTrue(self.h.exists(w))
            self.assertEqual(self.h.parent(w), self.h.root.id,
                             'save-set did not give %r back' % w)
            self.assertEqual(self.h.map_state(w), X.IsViewable)
        self.purr = self.h.start_purr()
        self.h.sync()
        self.assertManaged(a)
        self.assertEqual(self.h.wm_desktop(b), 1)
        self.assertIn(b.id, self.h.client_list())
        self.assertEqual(self.h.wm_state(b), testclient.NormalState)
        self.assertEqual(sorted(self.h.client_list()), sorted([a.id, b.id]))


class ReadyAtWmS0Test(harness.PurrTestCase):
    """Whoever waits for WM_S0 (a panel, a script) finds an EWMH manager:
    the check window, _NET_SUPPORTED and the windows already there are in
    place the moment WM_S0 has an owner, with or without windows to adopt
    and whatever the compositor. Polled as fast as the server answers."""
    start_purr = False

    def owner_then_root(self, args):
        p = self.h.start_purr(args, wait_ready=False)
        deadline = time.monotonic() + 20
        while not self.h.wm_s0_owner():
            self.assertTrue(p.alive(), 'purr exited: %s' % p.stderr())
            self.assertLess(time.monotonic(), deadline, 'WM_S0 never owned')
        # Read at once, before purr goes on.
        return (self.h.windows_prop(self.h.root, '_NET_SUPPORTING_WM_CHECK'),
                self.h.prop(self.h.root, '_NET_SUPPORTED'),
                self.h.client_list())

    def check(self, args, windows):
        check, supported, listed = self.owner_then_root(args)
        self.assertTrue(check, '_NET_SUPPORTING_WM_CHECK when WM_S0 is owned')
        self.assertTrue(supported and supported[2], '_NET_SUPPORTED then')
        self.assertEqual(sorted(listed), sorted(w.id for w in windows),
                         '_NET_CLIENT_LIST then')
        self.h.wait_wm_ready()
        self.h.sync()
        for w in windows:
            self.assertManaged(w)

    def test_empty_screen(self):
        self.check([], [])

    def test_empty_screen_composited(self):
        self.check(['--compositor=null'], [])

    def test_windows_already_there(self):
        ws = [self.c.create_window(title='before %d' % i) for i in range(3)]
        self.c.sync()
        self.check([], ws)

    def test_windows_already_there_composited(self):
        ws = [self.c.create_window(title='before %d' % i) for i in range(3)]
        self.c.sync()
        self.check(['--compositor=null'], ws)


class OtherWindowManagerTest(harness.PurrTestCase):
    start_purr = False

    def start_openbox(self, replace=False):
        argv = ['openbox', '--sm-disable'] + (['--replace'] if replace else [])
        ob = self.h.spawn(argv, name='openbox')
        self.h.wait_wm_ready(ob, name='Openbox', timeout=15)
        return ob

    def openbox_manages(self, w):
        h = self.h
        return (h.wm_name() == 'Openbox' and h.exists(w)
                and h.frame_of(w) not in (None, int(w))
                and int(w) in h.client_list()
                and h.wm_state(w) == testclient.NormalState
                and h.map_state(w) == X.IsViewable)

    def unmanaged_toplevel_of(self, proc):
        """With no window manager running: the viewable child of the root
        whose _NET_WM_PID is proc's."""
        def find():
            if not proc.alive():
                raise AssertionError('%s exited: %s' % (proc.name,
                                                        proc.stderr()))
            for w in self.h.stacking():
                pid = self.h.prop(w, '_NET_WM_PID')
                if pid and pid[2][:1] == [proc.pid] and \
                        self.h.map_state(w) == X.IsViewable:
                    return w
            return None
        return self.h.wait_until(find, 10, '%s to map its window'
                                 % proc.name)

    # Openbox drops MapRequests that arrive while it is still starting
    # (after it has announced itself), so windows that openbox is to manage
    # are mapped before it starts; it adopts them.

    def test_refuses_to_start_when_openbox_runs(self):
        a = self.window(title='A', sync=False)
        ob = self.start_openbox()
        self.h.wait_until(lambda: self.openbox_manages(a), 10,
                          'openbox to manage A')
        p = self.h.start_purr(wait_ready=False)
        p.expected_exit = True
        self.assertEqual(p.wait(10), 1)
        one_prefixed_line(self, p)
        self.assertTrue(ob.alive(), 'openbox died')
        self.assertEqual(self.h.wm_name(), 'Openbox')
        self.assertTrue(self.openbox_manages(a))

    def test_refuses_when_substructure_redirect_is_taken(self):
        other = self.h.client()
        other.root.change_attributes(event_mask=X.SubstructureRedirectMask)
        other.sync()
        self.assertEqual(other.errors, [])
        p = self.h.start_purr(wait_ready=False)
        p.expected_exit = True
        self.assertEqual(p.wait(10), 1)
        one_prefixed_line(self, p)

    def test_refuses_when_wm_s0_is_owned(self):
        other = self.h.client()
        owner = other.create_window(title=None, map=False,
                                    override_redirect=True)
        owner.win.set_selection_owner(other.atom('WM_S0'), X.CurrentTime)
        other.sync()
        self.assertEqual(self.h.wm_s0_owner(), owner.id)
        p = self.h.start_purr(wait_ready=False)
        p.expected_exit = True
        self.assertEqual(p.wait(10), 1)
        one_prefixed_line(self, p)
        self.assertEqual(self.h.wm_s0_owner(), owner.id)

    def test_replace_when_nothing_runs(self):
        self.purr = self.h.start_purr(['--replace'])
        self.h.sync()
        self.assertManaged(self.window(title='A'))

    def test_purr_replaces_openbox(self):
        a = self.window(title='A', sync=False)
        b = self.window(title='B', sync=False, desktop=ALL_DESKTOPS)
        xterm = self.h.spawn(['xterm', '-T', 'purr-it replace xterm'])
        xid = self.unmanaged_toplevel_of(xterm)
        ob = self.start_openbox()
        for w in (a, b, xid):
            self.h.wait_until(lambda: self.openbox_manages(w), 10,
                              'openbox to manage %r' % w)
        self.purr = self.h.start_purr(['--replace'], wait_ready=True)
        self.assertEqual(ob.wait(10), 0, 'openbox did not exit cleanly')
        self.h.sync()
        for w in (a, b, xid):
            self.assertManaged(w)
            self.assertIsNotNone(self.h.frame_extents(w))
        self.assertEqual(sorted(self.h.client_list()),
                         sorted([a.id, b.id, xid]))
        self.assertTrue(xterm.alive())
        self.assertStackingConsistent()

    def test_openbox_replaces_purr(self):
        self.purr = self.h.start_purr()
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C on desktop 1', desktop=1)
        xterm = self.h.spawn(['xterm', '-T', 'purr-it replace xterm'])
        xid = self.h.wait_client(lambda w: self.h.prop(w, '_NET_WM_PID')
                                 and self.h.prop(w, '_NET_WM_PID')[2][0]
                                 == xterm.pid, proc=xterm)
        self.purr.expected_exit = True
        ob = self.start_openbox(replace=True)
        self.assertEqual(self.purr.wait(10), 0,
                         'purr did not exit 0 when replaced')
        for w in (a, b, xid):
            self.h.wait_until(lambda: self.openbox_manages(w), 10,
                              'openbox to manage %r' % w)
        self.h.wait_until(lambda: c.id in self.h.client_list(), 10,
                          'openbox to manage the window on desktop 1')
        self.assertTrue(self.h.exists(c))
        self.assertTrue(ob.alive())
        self.assertTrue(xterm.alive())
        all_prefixed(self, self.purr)

    def test_gives_windows_back_when_wm_s0_is_taken(self):
        # ICCCM 2.8 from the other side: a new owner takes WM_S0; purr must
        # destroy its owner window, give every client back and exit 0.
        self.purr = self.h.start_purr()
        a = self.window(title='A')
        b = self.window(title='B', desktop=1)
        a.configure(x=200, y=150)
        self.h.sync()
        frame_a = self.h.visible_frame_rect(a)
        old_owner = self.h.wm_s0_owner()
        self.assertNotEqual(old_owner, 0)
        taker = self.h.client()
        owner = taker.create_window(title=None, map=False,
                                    override_redirect=True)
        owner.win.set_selection_owner(taker.atom('WM_S0'),
                                      self.h.timestamp())
        taker.sync()
        self.assertEqual(self.h.wm_s0_owner(), owner.id)
        self.h.wait_until(lambda: not self.h.exists(old_owner), 10,
                          'purr to destroy its WM_S0 owner window')
        self.purr.expected_exit = True
        self.assertEqual(self.purr.wait(10), 0)
        self.c.sync()
        for w in (a, b):
            self.assertEqual(self.h.parent(w), self.h.root.id)
            self.assertEqual(self.h.map_state(w), X.IsViewable)
        self.assertEqual(self.h.outer_rect(a)[:2], frame_a[:2])
        all_prefixed(self, self.purr)

    def fake_wm(self):
        """A connection that owns WM_S0 and SubstructureRedirect."""
        fake = self.h.client()
        fake.root.change_attributes(event_mask=X.SubstructureRedirectMask)
        owner = fake.create_window(title=None, map=False,
                                   override_redirect=True)
        owner.win.set_selection_owner(fake.atom('WM_S0'), X.CurrentTime)
        fake.sync()
        self.assertEqual(fake.errors, [])
        self.assertEqual(self.h.wm_s0_owner(), owner.id)
        return fake, owner

    def test_replace_gives_up_when_old_manager_stays(self):
        fake, owner = self.fake_wm()
        t0 = time.monotonic()
        p = self.h.start_purr(['--replace'], wait_ready=False)
        p.expected_exit = True
        status = p.wait(REPLACE_DEADLINE)
        self.assertNotEqual(status, 0)
        self.assertTrue(p.stderr_lines(), 'no message on stderr')
        all_prefixed(self, p)
        # purr did take the selection (ICCCM 2.8), and then gave up.
        fake.pump(timeout=0.5)
        self.assertTrue([e for e in fake.events
                         if e.type == X.SelectionClear
                         and e.atom == fake.atom('WM_S0')],
                        'the old owner never lost WM_S0')
        self.assertGreater(time.monotonic() - t0, 1.0,
                           'purr did not wait for the old manager')

    def test_replace_waits_for_old_manager_to_go(self):
        w = self.window(title='A', sync=False)  # mapped: no manager yet
        fake, owner = self.fake_wm()
        p = self.h.start_purr(['--replace'], wait_ready=False)
        self.purr = p
        cleared = self.h.wait_until(
            lambda: fake.pump(0.05) is not None and [
                e for e in fake.events if e.type == X.SelectionClear],
            10, 'SelectionClear at the old owner')
        self.assertTrue(cleared)
        # The old manager leaves: destroys its window and disconnects.
        owner.destroy()
        fake.sync()
        fake.close()
        self.h.wait_wm_ready(p)
        self.h.sync()
        self.assertManaged(w)


ALL_DESKTOPS = 0xFFFFFFFF


if __name__ == '__main__':
    harness.main()
