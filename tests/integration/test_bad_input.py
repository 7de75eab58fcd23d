#!/usr/bin/python3
"""Bad client input: purr logs, carries on, and loses no other window.

Every test keeps a bystander window managed from the start. After the bad
input, purr must still answer _PURR_SYNC, still run, still manage the
bystander (same frame), and still manage a window mapped afterwards. The
cases the contract names also check that purr said something on stderr."""

from Xlib import X
from Xlib.protocol import event as xevent

import harness
import testclient

CHUNK = 128 * 1024  # below the core protocol's request size limit


class BadInputTest(harness.PurrTestCase):

    def setUp(self):
        super().setUp()
        self.bystander = self.window(title='bystander')
        self.bystander_frame = self.assertManaged(self.bystander)
        self.log_lines_before = len(self.purr.stderr_lines())

    def assertCarriesOn(self, expect_log=False):
        h = self.h
        h.sync()
        self.assertTrue(self.purr.alive(), 'purr died')
        self.assertTrue(h.exists(self.bystander), 'bystander destroyed')
        self.assertEqual(self.assertManaged(self.bystander),
                         self.bystander_frame, 'bystander lost its frame')
        after = self.window(title='mapped afterwards')
        self.assertManaged(after)
        self.assertStackingConsistent()
        lines = self.purr.stderr_lines()
        for line in lines:
            self.assertTrue(line.startswith('purr: '), line)
        if expect_log:
            self.assertGreater(len(lines), self.log_lines_before,
                               'purr did not log the bad input')

    def set_big(self, w, name, type_name, data):
        """Write a property larger than one request allows, in chunks."""
        mode = X.PropModeReplace
        for i in range(0, len(data), CHUNK):
            w.set_prop(name, type_name, 8, data[i:i + CHUNK], mode=mode)
            mode = X.PropModeAppend
        w.client.sync()

    # -- the cases the contract names ------------------------------------

    def test_1mb_wm_name(self):
        w = self.c.create_window(title=None, map=False)
        self.set_big(w, 'WM_NAME', 'STRING', b'x' * (1 << 20))
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn(expect_log=True)

    def test_wm_normal_hints_too_short(self):
        w = self.c.create_window(map=False)
        # 3 of the 18 CARD32 fields, flags claiming min and max sizes.
        w.set_normal_hints([testclient.PMinSize | testclient.PMaxSize,
                            0, 0])
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn(expect_log=True)

    def test_transient_for_loop(self):
        a = self.c.create_window(title='a', map=False)
        b = self.c.create_window(title='b', map=False)
        a.set_transient_for(b)
        b.set_transient_for(a)
        a.map()
        b.map()
        self.h.sync()
        self.assertManaged(a)
        self.assertManaged(b)
        # Restacking walks transients; it must terminate.
        a.configure(stack_mode=X.Above)
        self.h.activate(b)
        self.assertCarriesOn(expect_log=True)

    def test_transient_for_itself(self):
        w = self.c.create_window(title='self', map=False)
        w.set_transient_for(w)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        w.configure(stack_mode=X.Above)
        self.h.activate(w)
        self.assertCarriesOn(expect_log=True)

    def test_window_destroyed_between_map_request_and_manage(self):
        shown_before = self.viewable_root_children()
        w = self.c.create_window(title='gone', map=False)
        # Map and destroy in one burst: purr sees the MapRequest, and the
        # window is gone by the time it asks about it.
        w.win.map()
        w.win.destroy()
        self.c.flush()
        self.h.sync()
        self.assertNotManaged(w)
        self.assertEqual(self.viewable_root_children(), shown_before,
                         'a frame was left behind for the destroyed window')
        self.assertCarriesOn(expect_log=True)

    def test_active_window_for_nonexistent_xid(self):
        gone = self.c.create_window(map=False)
        gone.destroy()
        self.c.sync()
        self.assertFalse(self.h.exists(gone))
        self.assertFocused(self.bystander)
        self.h.activate(gone.id, source=2)
        self.h.sync()
        self.assertFocused(self.bystander)
        self.assertCarriesOn(expect_log=True)

    # -- more of the same kind ---------------------------------------------

    def viewable_root_children(self):
        return [w for w in self.h.stacking()
                if self.h.map_state(w) == X.IsViewable]

    def test_1mb_wm_name_on_managed_window(self):
        w = self.window(title='small')
        self.set_big(w, 'WM_NAME', 'STRING', b'y' * (1 << 20))
        self.assertCarriesOn()
        self.assertManaged(w)

    def test_1mb_net_wm_name_multibyte(self):
        w = self.c.create_window(title=None, map=False)
        data = ('\u00e9\u732b' * (1 << 18)).encode('utf-8')[:1 << 20]
        self.set_big(w, '_NET_WM_NAME', 'UTF8_STRING', data)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_invalid_utf8_net_wm_name(self):
        w = self.c.create_window(title=None, map=False)
        w.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8,
                   b'\xff\xfe\xc3(\xe2\x82 \xf0\x9f\x90')
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_wm_normal_hints_format_8(self):
        w = self.c.create_window(map=False)
        w.set_normal_hints(b'\xff' * 72)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_wm_normal_hints_empty(self):
        w = self.c.create_window(map=False)
        w.set_normal_hints([])
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_wm_normal_hints_too_short_on_managed_window(self):
        w = self.window(width=200, height=100)
        w.set_normal_hints([0xFFFFFFFF, 1, 2, 3, 4])
        w.configure(width=300, height=150)
        self.assertCarriesOn()
        self.assertManaged(w)

    def test_wm_normal_hints_absurd_values(self):
        w = self.c.create_window(map=False, width=200, height=100)
        w.set_normal_hints({'min': (5000, 5000), 'max': (1, 1),
                            'inc': (0, 0), 'base': (0x7FFFFFFF, 0xFFFFFFFF),
                            'aspect': ((0, 0), (1, 0)),
                            'win_gravity': 4242})
        w.map()
        self.h.sync()
        self.assertManaged(w)
        x, y, width, height, bw = self.h.geometry(w)
        self.assertTrue(0 < width <= 32767 and 0 < height <= 32767,
                        'absurd size %dx%d' % (width, height))
        self.assertCarriesOn()

    def test_wm_hints_too_short(self):
        w = self.c.create_window(wm_hints=False, map=False)
        w.set_prop('WM_HINTS', 'WM_HINTS', 32, [0xFFFFFFFF, 1])
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_transient_for_loop_of_three(self):
        a = self.c.create_window(title='a', map=False)
        b = self.c.create_window(title='b', map=False)
        d = self.c.create_window(title='d', map=False)
        a.set_transient_for(b)
        b.set_transient_for(d)
        d.set_transient_for(a)
        for w in (a, b, d):
            w.map()
        self.h.sync()
        for w in (a, b, d):
            self.assertManaged(w)
        d.configure(stack_mode=X.Above)
        self.assertCarriesOn()

    def test_transient_loop_made_after_map(self):
        a = self.window(title='a')
        b = self.window(title='b', transient_for=a)
        a.set_transient_for(b)
        self.h.sync()
        a.configure(stack_mode=X.Above)
        self.assertCarriesOn()
        self.assertManaged(a)
        self.assertManaged(b)

    def test_transient_for_nonexistent_window(self):
        gone = self.c.create_window(map=False)
        gone.destroy()
        w = self.window(title='orphan', transient_for=gone.id)
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_destroyed_right_after_manage(self):
        w = self.c.create_window(title='brief')
        w.destroy()
        self.c.flush()
        self.assertCarriesOn()
        self.assertNotManaged(w)

    def test_messages_for_nonexistent_xid(self):
        gone = self.c.create_window(map=False)
        gone.destroy()
        self.c.sync()
        h = self.h
        h.close_window(gone.id)
        h.change_state(gone.id, testclient.NET_WM_STATE_ADD, 'FULLSCREEN')
        h.move_to_desktop(gone.id, 1)
        h.restack(gone.id, self.bystander, X.Above)
        h.restack(self.bystander, gone.id, X.Above)
        h.send_message(gone.id, '_NET_REQUEST_FRAME_EXTENTS', [])
        h.sync()
        self.assertFocused(self.bystander)
        self.assertCarriesOn()

    def test_client_message_with_wrong_format(self):
        ev = xevent.ClientMessage(
            window=self.bystander.id,
            client_type=self.h.atom('_NET_ACTIVE_WINDOW'),
            data=(8, b'\x02' * 20))
        self.h.root.send_event(ev, event_mask=X.SubstructureRedirectMask
                               | X.SubstructureNotifyMask)
        ev = xevent.ClientMessage(
            window=self.bystander.id,
            client_type=self.h.atom('_NET_WM_STATE'),
            data=(16, [0xFFFF] * 10))
        self.h.root.send_event(ev, event_mask=X.SubstructureRedirectMask
                               | X.SubstructureNotifyMask)
        self.h.d.flush()
        self.assertCarriesOn()

    def test_huge_net_wm_state_list(self):
        w = self.c.create_window(map=False)
        atoms = [self.c.atom('_NET_WM_STATE_ABOVE'), 0xFFFFFFF, 0] * 20000
        w.set_prop('_NET_WM_STATE', 'ATOM', 32, atoms)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertCarriesOn()

    def test_wm_protocols_wrong_type(self):
        # Its own connection: closing it may kill its client.
        w = self.h.client().create_window(protocols=(), map=False)
        w.set_prop('WM_PROTOCOLS', 'STRING', 8, b'WM_DELETE_WINDOW')
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.h.close_window(w)
        self.assertCarriesOn()

    def test_net_wm_desktop_out_of_range_at_map(self):
        w = self.window(title='desktop 77', desktop=77)
        self.assertIn(w.id, self.h.client_list())
        d = self.h.wm_desktop(w)
        self.assertTrue(d == 0xFFFFFFFF or d < 4,
                        '_NET_WM_DESKTOP %d is no desktop' % d)
        self.assertCarriesOn()

    def test_sync_with_destroyed_reply_window(self):
        # A _PURR_SYNC whose reply window is gone must not upset purr.
        gone = self.c.create_window(map=False)
        gone.destroy()
        self.c.sync()
        self.h.send_message(self.h.sync_win, '_PURR_SYNC', [gone.id, 7])
        self.assertCarriesOn()


if __name__ == '__main__':
    harness.main()
