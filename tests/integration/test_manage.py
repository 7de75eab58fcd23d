#!/usr/bin/python3
"""Managing windows: readiness, frames, WM_STATE, extents, configure requests."""

from Xlib import X

import harness
import testclient

# Atoms the contract requires purr to implement, so it must announce them.
REQUIRED_SUPPORTED = [
    '_NET_SUPPORTED', '_NET_SUPPORTING_WM_CHECK', '_NET_CLIENT_LIST',
    '_NET_CLIENT_LIST_STACKING', '_NET_ACTIVE_WINDOW', '_NET_CLOSE_WINDOW',
    '_NET_WM_PING', '_NET_WM_USER_TIME', '_NET_WM_NAME', '_NET_WM_STATE',
    '_NET_WM_STATE_DEMANDS_ATTENTION', '_NET_WM_STATE_ABOVE',
    '_NET_WM_STATE_BELOW', '_NET_WM_STATE_FULLSCREEN',
    '_NET_NUMBER_OF_DESKTOPS', '_NET_CURRENT_DESKTOP', '_NET_DESKTOP_NAMES',
    '_NET_WM_DESKTOP', '_NET_DESKTOP_GEOMETRY', '_NET_DESKTOP_VIEWPORT',
    '_NET_SHOWING_DESKTOP', '_NET_WM_WINDOW_TYPE',
    '_NET_WM_WINDOW_TYPE_DESKTOP', '_NET_WM_WINDOW_TYPE_DOCK',
    '_NET_WM_WINDOW_TYPE_NORMAL', '_NET_RESTACK_WINDOW',
    '_NET_FRAME_EXTENTS', '_NET_REQUEST_FRAME_EXTENTS',
]


class ReadinessTest(harness.PurrTestCase):

    def test_supporting_wm_check_names_purr(self):
        h = self.h
        check = h.windows_prop(h.root, '_NET_SUPPORTING_WM_CHECK')
        self.assertIsNotNone(check, 'root has no _NET_SUPPORTING_WM_CHECK')
        self.assertEqual(len(check), 1)
        # EWMH: the check window carries the same property, naming itself.
        self.assertEqual(h.windows_prop(check[0], '_NET_SUPPORTING_WM_CHECK'),
                         check)
        self.assertEqual(h.utf8_prop(check[0], '_NET_WM_NAME'), 'purr')

    def test_wm_s0_owned(self):
        self.assertNotEqual(self.h.wm_s0_owner(), 0)

    def test_net_supported_lists_the_contract(self):
        supported = self.h.atoms_prop(self.h.root, '_NET_SUPPORTED')
        self.assertIsNotNone(supported, 'root has no _NET_SUPPORTED')
        missing = [a for a in REQUIRED_SUPPORTED if a not in supported]
        self.assertEqual(missing, [], '_NET_SUPPORTED lacks these')

    def test_answers_sync_with_cookie(self):
        # The harness checks window and cookie; several in a row must each
        # come back (a stale answer for an earlier cookie would not match).
        for _ in range(5):
            self.h.sync()


class ManageTest(harness.PurrTestCase):

    def test_map_reparents_into_frame(self):
        w = self.window(title='framed')
        frame = self.assertManaged(w)
        h = self.h
        self.assertEqual(h.parent(frame), h.root.id)
        self.assertEqual(h.map_state(frame), X.IsViewable)
        self.assertIn(frame, h.stacking())

    def test_wm_state_is_normal_with_no_icon_window(self):
        w = self.window()
        p = self.h.prop(w, 'WM_STATE')
        self.assertIsNotNone(p, 'no WM_STATE on a managed window')
        self.assertEqual(p[0], 'WM_STATE')
        self.assertEqual(p[1], 32)
        self.assertEqual(p[2], [testclient.NormalState, 0])

    def test_frame_extents_describe_the_frame(self):
        w = self.window(width=300, height=200)
        frame = self.assertManaged(w)
        ext = self.h.frame_extents(w)
        self.assertIsNotNone(ext, 'no _NET_FRAME_EXTENTS on the client')
        self.assertEqual(len(ext), 4)
        left, right, top, bottom = ext
        self.assertGreater(top, 0, 'no title strip in _NET_FRAME_EXTENTS')
        # The visible frame is where the frame window takes the pointer.
        fx, fy, fw, fh = self.h.input_rect(frame)
        cx, cy, cw, ch = self.h.outer_rect(w)
        self.assertEqual((cw, ch), (300, 200), 'client size changed')
        self.assertEqual((cx - fx, cy - fy), (left, top),
                         'client is not at (left, top) inside its frame')
        self.assertEqual((fw, fh), (cw + left + right, ch + top + bottom),
                         'frame size is not client size plus extents')
        wx, wy, ww, wh = self.h.outer_rect(frame)
        self.assertTrue(wx <= fx and wy <= fy and fx + fw <= wx + ww
                        and fy + fh <= wy + wh, 'the frame window %r does '
                        'not hold the visible frame %r'
                        % ((wx, wy, ww, wh), (fx, fy, fw, fh)))

    def test_request_frame_extents_before_map(self):
        w = self.window(map=False)
        w.request_frame_extents()
        self.h.sync()
        ext = self.h.frame_extents(w)
        self.assertIsNotNone(ext, '_NET_REQUEST_FRAME_EXTENTS not answered')
        self.assertEqual(len(ext), 4)
        self.assertGreater(ext[2], 0)
        # Answering does not manage or map the window.
        self.assertEqual(self.h.parent(w), self.h.root.id)
        self.assertEqual(self.h.map_state(w), X.IsUnmapped)
        self.assertNotManaged(w)
        # The estimate is what the window then gets.
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertEqual(self.h.frame_extents(w), ext)

    def test_configure_request_move_honoured_with_northwest_gravity(self):
        w = self.window(width=200, height=100)
        frame = self.assertManaged(w)
        w.configure(x=300, y=200)
        self.h.sync()
        fx, fy, fw, fh = self.h.input_rect(frame)
        # ICCCM 4.1.2.3: NorthWest gravity puts the frame's top-left corner
        # where the client asked its own top-left corner to be.
        self.assertEqual((fx, fy), (300, 200))
        self.assertEqual(self.h.geometry(w)[2:4], (200, 100))

    def test_move_sends_synthetic_configure_notify_in_root_coordinates(self):
        w = self.window(width=200, height=100)
        self.assertManaged(w)
        self.c.events.clear()
        w.configure(x=333, y=222)
        self.h.sync()
        self.c.sync()
        notes = w.synthetic_configure_notifies()
        self.assertTrue(notes, 'no synthetic ConfigureNotify after a move')
        last = notes[-1]
        rx, ry = self.h.root_position(w)
        gx, gy, gw, gh, gbw = self.h.geometry(w)
        self.assertEqual((last.x, last.y), (rx, ry),
                         'synthetic ConfigureNotify is not in root '
                         'coordinates')
        self.assertEqual((last.width, last.height, last.border_width),
                         (gw, gh, gbw))

    def test_configure_request_without_change_gets_synthetic_notify(self):
        # ICCCM 4.1.5: a request that changes nothing is still answered with
        # a synthetic ConfigureNotify describing the (unchanged) geometry.
        w = self.window(width=200, height=100)
        frame = self.assertManaged(w)
        fx, fy, _, _ = self.h.input_rect(frame)
        self.c.events.clear()
        w.configure(x=fx, y=fy)
        self.h.sync()
        self.c.sync()
        notes = w.synthetic_configure_notifies()
        self.assertTrue(notes, 'no synthetic ConfigureNotify for a '
                        'ConfigureRequest that changed nothing')
        self.assertEqual((notes[-1].x, notes[-1].y), self.h.root_position(w))
        self.assertEqual(self.h.input_rect(frame)[:2], (fx, fy))

    def test_configure_request_resize_honoured(self):
        w = self.window(width=200, height=100)
        frame = self.assertManaged(w)
        fx, fy, _, _ = self.h.input_rect(frame)
        left, right, top, bottom = self.h.frame_extents(w)
        w.configure(width=420, height=310)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[2:4], (420, 310))
        nfx, nfy, nfw, nfh = self.h.input_rect(frame)
        self.assertEqual((nfw, nfh), (420 + left + right, 310 + top + bottom))
        # NorthWest gravity: a resize keeps the top-left corner in place.
        self.assertEqual((nfx, nfy), (fx, fy))

    def test_client_resize_past_the_screen_edge_moves_back_in(self):
        # Mutter's client-resize-respect-constraints: a window that was
        # wholly on screen and grows past its edge is moved so that it fits.
        w = self.window(x=700, y=500, width=500, height=400,
                        normal_hints={'us_position': True})
        frame = self.assertManaged(w)
        fx, fy, fw, fh = self.h.input_rect(frame)
        self.assertLessEqual(fx + fw, 1280)
        w.configure(width=700, height=600)
        self.h.sync()
        self.assertEqual(self.h.geometry(w)[2:4], (700, 600))
        nfx, nfy, nfw, nfh = self.h.input_rect(frame)
        self.assertEqual((nfx + nfw, nfy + nfh), (1280, 1024))
        # Moved partly off screen by a move of its own, it may grow there.
        w.configure(x=1000)
        self.h.sync()
        w.configure(width=720)
        self.h.sync()
        self.assertGreater(self.h.input_rect(frame)[0] + 720, 1280)

    def test_configure_request_move_and_resize_together(self):
        w = self.window(width=200, height=100)
        frame = self.assertManaged(w)
        left, right, top, bottom = self.h.frame_extents(w)
        w.configure(x=150, y=120, width=500, height=400)
        self.h.sync()
        self.assertEqual(self.h.input_rect(frame),
                         (150, 120, 500 + left + right, 400 + top + bottom))
        self.assertEqual(self.h.outer_rect(w),
                         (150 + left, 120 + top, 500, 400))

    def test_unmap_withdraws_window(self):
        w = self.window()
        frame = self.assertManaged(w)
        w.unmap()
        self.h.sync()
        self.assertNotManaged(w)
        self.assertTrue(self.h.exists(w), 'the withdrawn window was '
                        'destroyed')
        self.assertEqual(self.h.parent(w), self.h.root.id,
                         'withdrawn window not given back to the root')
        self.assertEqual(self.h.map_state(w), X.IsUnmapped)
        # ICCCM 4.1.3.1: WM_STATE becomes Withdrawn or is removed.
        self.assertIn(self.h.wm_state(w), (None, 0))
        self.assertFalse(self.h.exists(frame) and
                         self.h.map_state(frame) != X.IsUnmapped,
                         'the frame of a withdrawn window is still shown')

    def test_withdrawn_window_managed_again_when_remapped(self):
        w = self.window()
        self.assertManaged(w)
        w.unmap()
        self.h.sync()
        self.assertNotManaged(w)
        w.map()
        self.h.sync()
        self.assertManaged(w)
        self.assertEqual(self.h.client_list().count(w.id), 1)

    def test_destroy_unmanages_and_removes_frame(self):
        a = self.window(title='stays')
        b = self.window(title='goes')
        frame = self.assertManaged(b)
        b.destroy()
        self.h.sync()
        self.assertNotManaged(b)
        self.assertFalse(self.h.exists(frame) and
                         self.h.map_state(frame) != X.IsUnmapped,
                         'the frame of a destroyed window is still shown')
        self.assertManaged(a)

    def test_unmaps_and_destroys_sent_together(self):
        # purr asks the server about unmapped windows once for a run of
        # unmaps and destroys: each still ends as it would alone.
        h = self.h
        keep = self.window(title='keep')
        withdrawn = self.window(title='withdrawn')
        destroyed = self.window(title='destroyed')
        moved = self.window(title='moved')
        remapped = self.window(title='remapped')
        host = self.window(title='host', width=300, height=200)
        for w in (keep, withdrawn, destroyed, moved, remapped, host):
            self.assertManaged(w)
        # All in one flush, so purr reads them in one go.
        withdrawn.win.unmap()
        destroyed.win.destroy()
        moved.win.reparent(host.win, 10, 10)
        remapped.win.unmap()
        remapped.win.map()
        self.c.flush()
        h.sync()
        self.assertNotManaged(withdrawn)
        self.assertEqual(h.parent(withdrawn), h.root.id)
        self.assertIn(h.wm_state(withdrawn), (None, 0))
        self.assertNotManaged(destroyed)
        self.assertFalse(h.exists(destroyed))
        self.assertNotManaged(moved)
        self.assertEqual(h.parent(moved), host.id,
                         'the window its client moved was taken back')
        self.assertManaged(remapped)
        self.assertEqual(h.client_list().count(remapped.id), 1)
        self.assertManaged(keep)
        self.assertManaged(host)
        self.assertStackingConsistent()

    def test_override_redirect_window_is_not_managed(self):
        w = self.window(override_redirect=True)
        self.assertEqual(self.h.parent(w), self.h.root.id)
        self.assertNotManaged(w)
        self.assertIsNone(self.h.prop(w, 'WM_STATE'))
        self.assertEqual(self.h.map_state(w), X.IsViewable)

    def test_many_windows(self):
        wins = [self.c.create_window(title='w%d' % i, x=10 * i, y=10 * i)
                for i in range(25)]
        self.h.sync()
        self.assertEqual(self.h.client_list(), [w.id for w in wins])
        frames = set()
        for w in wins:
            frames.add(self.assertManaged(w))
        self.assertEqual(len(frames), 25, 'clients share frames')
        self.assertStackingConsistent()

    def test_title_follows_net_wm_name_then_wm_name(self):
        # _NET_WM_NAME wins while it has text; WM_NAME shows (as
        # _NET_WM_VISIBLE_NAME) only without it, and follows its changes.
        w = self.window(title='modern')
        w.set_prop('WM_NAME', 'STRING', 8, b'legacy')
        self.h.sync()
        self.assertIsNone(self.h.prop(w, '_NET_WM_VISIBLE_NAME'))
        w.delete_prop('_NET_WM_NAME')
        self.h.sync()
        self.assertEqual(self.h.prop(w, '_NET_WM_VISIBLE_NAME')[2], b'legacy')
        w.set_prop('WM_NAME', 'STRING', 8, b'legacy 2')
        self.h.sync()
        self.assertEqual(self.h.prop(w, '_NET_WM_VISIBLE_NAME')[2], b'legacy 2')
        w.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8, 'modern 2'.encode())
        self.h.sync()
        self.assertIsNone(self.h.prop(w, '_NET_WM_VISIBLE_NAME'))
        w.set_prop('WM_NAME', 'STRING', 8, b'legacy 3')
        w.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8, b'')
        self.h.sync()
        self.assertEqual(self.h.prop(w, '_NET_WM_VISIBLE_NAME')[2], b'legacy 3')

    def test_windows_mapped_together(self):
        # Maps sent in one go reach purr together and are managed together:
        # each window once, in the order mapped, a dialog above its parent
        # mapped with it, a window mapped twice framed once, and one
        # destroyed right after its map forgotten.
        wins = [self.c.create_window(title='b%d' % i, x=20 * i, y=20 * i, map=False)
                for i in range(12)]
        dialog = self.c.create_window(title='dialog', transient_for=wins[0], map=False)
        gone = self.c.create_window(title='gone', map=False)
        for w in wins:
            w.map()
        wins[3].map()
        dialog.map()
        gone.map()
        gone.destroy()
        self.c.sync()
        self.h.sync()
        self.assertEqual(self.h.client_list(), [w.id for w in wins] + [dialog.id])
        frames = {self.assertManaged(w) for w in wins + [dialog]}
        self.assertEqual(len(frames), 13, 'clients share frames')
        order = self.h.client_list_stacking()
        self.assertGreater(order.index(dialog.id), order.index(wins[0].id))
        self.assertEqual(self.h.active_window(), dialog.id)
        self.assertStackingConsistent()


class StartupTest(harness.PurrTestCase):
    start_purr = False

    def test_existing_windows_adopted_at_startup(self):
        mapped = self.c.create_window(title='mapped before purr')
        unmapped = self.c.create_window(title='never mapped', map=False)
        popup = self.c.create_window(title='popup', override_redirect=True)
        self.c.sync()
        self.purr = self.h.start_purr()
        self.h.sync()
        self.assertManaged(mapped)
        self.assertNotManaged(unmapped)
        self.assertEqual(self.h.parent(unmapped), self.h.root.id)
        self.assertEqual(self.h.map_state(unmapped), X.IsUnmapped)
        self.assertNotManaged(popup)
        self.assertEqual(self.h.parent(popup), self.h.root.id)

    def test_manager_announced_on_startup(self):
        # ICCCM 2.8: a new manager sends MANAGER to the root.
        self.purr = self.h.start_purr()
        self.h.sync()
        manager = self.h.atom('MANAGER')
        wm_s0 = self.h.atom('WM_S0')
        msgs = [e for e in self.h.events
                if e.type == X.ClientMessage and e.client_type == manager
                and e.data[1][1] == wm_s0]
        self.assertEqual(len(msgs), 1, 'expected one MANAGER message for '
                         'WM_S0')
        self.assertEqual(msgs[0].data[1][2], self.h.wm_s0_owner())


if __name__ == '__main__':
    harness.main()
