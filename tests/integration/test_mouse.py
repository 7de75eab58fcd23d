#!/usr/bin/python3
"""The mouse: Alt-drags, the title strip and the frame's borders, double
clicks, snapping, edge tiling with its preview outline, _NET_WM_MOVERESIZE
(from a real GTK3 header bar and from our own client, good and bad), grabs
that must never outlive a drag, and the focus modes (click, sloppy, mouse,
raise-on-click=false).

The pointer is driven with xdotool (XTEST), one invocation per step, each
followed by a _PURR_SYNC round trip. Geometry is read from the frame window
and _NET_FRAME_EXTENTS, never hard-coded. After every test purr must hold
no grab."""

from Xlib import X

import geometry_helpers
import harness
import testclient
import input_helpers
from input_helpers import InputTestCase, MR_MOVE, MR_BOTTOMRIGHT, \
    MR_MOVE_KEYBOARD, MR_SIZE_KEYBOARD, MR_CANCEL

MAX_V, MAX_H = '_NET_WM_STATE_MAXIMIZED_VERT', '_NET_WM_STATE_MAXIMIZED_HORZ'


def shifted(rect, dx, dy):
    return (rect[0] + dx, rect[1] + dy, rect[2], rect[3])


class AltDragTest(InputTestCase):

    def test_alt_button1_drag_inside_the_window_moves_it(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        cx, cy = self.centre(w)
        self.drag((cx, cy), (cx + 50, cy + 30), modifier='alt')
        self.assertFrameIs(w, shifted(before, 50, 30))

    def test_alt_button3_drag_resizes_from_the_bottom_right(self):
        w = self.placed(300, 250, title='W')
        x, y, cw, ch = self.client(w)
        fx, fy, fw, fh = self.frame(w)
        start = (fx + fw - 20, fy + fh - 20)  # bottom-right third
        self.drag(start, (start[0] + 40, start[1] + 30), button=3,
                  modifier='alt')
        self.assertEqual(self.client(w), (x, y, cw + 40, ch + 30))

    def test_alt_button3_drag_resizes_from_the_top_left(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        start = (fx + 20, fy + 30)  # top-left third
        self.drag(start, (start[0] - 40, start[1] - 30), button=3,
                  modifier='alt')
        self.assertFrameIs(w, (fx - 40, fy - 30, fw + 40, fh + 30))

    def test_alt_button2_drag_resizes_the_nearest_edge(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        start = (fx + fw - 20, fy + fh // 2)  # right third, middle row
        self.drag(start, (start[0] + 30, start[1] + 20), button=2,
                  modifier='alt')
        self.assertFrameIs(w, (fx, fy, fw + 30, fh),
                           'only the right edge moves')

    def test_alt_wheel_inside_the_window_reaches_the_client(self):
        """purr's Alt grab takes every button; the wheel goes back to the
        client (a press and a release of button 4 and 5, Alt held), and a
        click after it still starts purr's move."""
        w = self.placed(300, 250, title='W',
                        event_mask=testclient.WINDOW_EVENT_MASK |
                        X.ButtonPressMask | X.ButtonReleaseMask)
        before = self.frame(w)
        cx, cy = self.centre(w)
        self.move_pointer(cx, cy)
        start = len(self.c.events)
        self.xdo('keydown', 'alt')
        for b in (4, 5):
            self.xdo('click', b)
            self.h.sync()
        self.xdo('keyup', 'alt')
        self.h.sync()

        def presses():
            return [e.detail for e in self.c.events[start:]
                    if e.type == X.ButtonPress and e.window.id == w.id]
        self.c.wait_event(lambda e: e.type == X.ButtonRelease and
                          e.detail == 5, timeout=5, start=start)
        self.assertEqual(presses(), [4, 5], 'the wheel under Alt reached '
                         'the client')
        self.assertFrameIs(w, before, 'a wheel click moves nothing')
        self.drag((cx, cy), (cx + 40, cy + 20), modifier='alt')
        self.assertFrameIs(w, shifted(before, 40, 20))

    def test_plain_drag_inside_the_window_does_not_move_it(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        cx, cy = self.centre(w)
        self.drag((cx, cy), (cx + 50, cy + 30))
        self.assertFrameIs(w, before)

    def test_escape_during_a_drag_restores_and_frees_grabs(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        cx, cy = self.centre(w)
        self.move_pointer(cx, cy)
        self.xdo('keydown', 'alt')
        self.xdo('mousedown', 1)
        self.move_pointer(cx + 60, cy + 40)
        self.assertEqual(self.frame(w), shifted(before, 60, 40),
                         'the window does not follow the drag')
        self.xdo('key', 'Escape')
        self.h.sync()
        self.assertFrameIs(w, before, 'after Escape')
        self.assertGrabsFree('after Escape, the button still held')
        self.move_pointer(cx + 100, cy + 80)
        self.xdo('mouseup', 1)
        self.xdo('keyup', 'alt')
        self.h.sync()
        self.assertFrameIs(w, before, 'after the button was released')
        self.assertGrabsFree('after the button was released')

    def test_window_destroyed_during_a_drag_frees_grabs(self):
        other = self.placed(700, 500, width=200, height=150, title='other')
        w = self.placed(200, 150, title='W')
        cx, cy = self.centre(w)
        self.move_pointer(cx, cy)
        self.xdo('keydown', 'alt')
        self.xdo('mousedown', 1)
        self.move_pointer(cx + 40, cy + 40)
        w.destroy()
        self.h.sync()
        self.assertGrabsFree('after the dragged window was destroyed, the '
                             'button still held')
        other_before = self.frame(other)
        self.move_pointer(cx + 80, cy + 80)
        self.xdo('mouseup', 1)
        self.xdo('keyup', 'alt')
        self.h.sync()
        self.assertGrabsFree('after the button was released')
        self.assertEqual(self.frame(other), other_before)
        self.assertTrue(self.purr.alive())


class MouseModifierTest(InputTestCase):
    config = '[general]\nmouse-modifier = Super\n'

    def test_super_drag_moves_and_alt_drag_does_not(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        cx, cy = self.centre(w)
        self.drag((cx, cy), (cx + 50, cy + 30), modifier='alt')
        self.assertFrameIs(w, before, 'Alt-drag with mouse-modifier=Super')
        cx, cy = self.centre(w)
        self.drag((cx, cy), (cx + 50, cy + 30), modifier='super')
        self.assertFrameIs(w, shifted(before, 50, 30))


class FrameDragTest(InputTestCase):

    def test_title_strip_drag_moves_only_past_the_threshold(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        sx, sy = self.strip_point(w)
        self.move_pointer(sx, sy)
        self.xdo('mousedown', 1)
        self.h.sync()
        self.move_pointer(sx + 4, sy + 3)
        self.assertFrameIs(w, before, 'moved within the 6 px threshold')
        self.move_pointer(sx + 40, sy + 25)
        self.assertFrameIs(w, shifted(before, 40, 25), 'while dragging')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertFrameIs(w, shifted(before, 40, 25), 'after release')

    def test_title_strip_click_without_motion_does_not_move(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        sx, sy = self.strip_point(w)
        self.move_pointer(sx, sy)
        self.xdo('click', 1)
        self.h.sync()
        self.assertFrameIs(w, before)
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))

    def test_right_border_drag_resizes_width(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        start = (fx + fw - 1 - right // 2, fy + fh // 2)
        self.drag(start, (start[0] + 30, start[1] + 17))
        self.assertFrameIs(w, (fx, fy, fw + 30, fh))

    def test_left_border_drag_resizes_keeping_the_right_edge(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        start = (fx + left // 2, fy + fh // 2)
        self.drag(start, (start[0] - 30, start[1] + 9))
        self.assertFrameIs(w, (fx - 30, fy, fw + 30, fh))

    def test_bottom_border_drag_resizes_height(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        start = (fx + fw // 2, fy + fh - 1 - bottom // 2)
        self.drag(start, (start[0] + 13, start[1] + 25))
        self.assertFrameIs(w, (fx, fy, fw, fh + 25))

    def test_bottom_right_corner_drag_resizes_both(self):
        w = self.placed(300, 250, title='W')
        fx, fy, fw, fh = self.frame(w)
        left, right, top, bottom = self.ext(w)
        start = (fx + fw - 1 - right // 2, fy + fh - 1 - bottom // 2)
        self.drag(start, (start[0] + 20, start[1] + 15))
        self.assertFrameIs(w, (fx, fy, fw + 20, fh + 15))

    def test_double_click_on_title_strip_toggles_maximize(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        self.move_pointer(*self.strip_point(w))
        self.xdo('click', '--repeat', 2, '--delay', 80, 1)
        self.h.sync()
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.assertFrameIs(w, self.workarea(), 'maximized')
        self.move_pointer(*self.strip_point(w))
        self.xdo('click', '--repeat', 2, '--delay', 80, 1)
        self.h.sync()
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))
        self.assertFrameIs(w, before, 'restored')


class SnapTest(InputTestCase):

    def drag_frame_to(self, w, fx, fy):
        """Drag w by its title strip so that its frame would be at (fx, fy)
        without snapping."""
        x, y = self.frame(w)[:2]
        sx, sy = self.strip_point(w)
        self.drag((sx, sy), (sx + fx - x, sy + fy - y),
                  via=[(sx + 20, sy + 20)])

    def test_move_snaps_to_the_work_area_edge_within_ten_pixels(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        wa = self.workarea()
        self.drag_frame_to(w, wa[0] + 7, 300)
        self.assertFrameIs(w, (wa[0], 300, fw, fh))

    def test_move_does_not_snap_farther_than_ten_pixels(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        wa = self.workarea()
        self.drag_frame_to(w, wa[0] + 15, 300)
        self.assertFrameIs(w, (wa[0] + 15, 300, fw, fh))

    def test_move_snaps_to_the_bottom_right_of_the_work_area(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        wa = self.workarea()
        right, bottom = wa[0] + wa[2], wa[1] + wa[3]
        self.drag_frame_to(w, right - fw - 8, bottom - fh - 9)
        self.assertFrameIs(w, (right - fw, bottom - fh, fw, fh))

    def test_move_snaps_to_another_windows_edge(self):
        a = self.placed(100, 200, width=300, height=300, title='A')
        ax, ay, aw, ah = self.frame(a)
        # Wide enough that the middle of its strip is title, not a button.
        b = self.placed(700, 600, width=260, height=150, title='B')
        bw, bh = self.frame(b)[2:]
        # B's left edge 6 px right of A's right edge, overlapping it
        # vertically: B's left edge snaps onto A's right edge.
        self.drag_frame_to(b, ax + aw + 6, ay + 50)
        self.assertFrameIs(b, (ax + aw, ay + 50, bw, bh))


class SnapOffTest(InputTestCase):
    config = '[general]\nsnap-distance = 0\nedge-tiling = false\n'

    def test_no_snapping_with_snap_distance_zero(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        wa = self.workarea()
        x, y = self.frame(w)[:2]
        sx, sy = self.strip_point(w)
        self.drag((sx, sy), (sx + wa[0] + 7 - x, sy), via=[(sx + 20, sy)])
        self.assertFrameIs(w, (wa[0] + 7, y, fw, fh))

    def test_no_edge_tiling_when_turned_off(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        sx, sy = self.strip_point(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.move_pointer(sx, sy)
        self.xdo('mousedown', 1)
        self.move_pointer(sx - 40, sy)
        self.move_pointer(0, sy)
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before, 'a preview outline with edge-tiling=false')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertEqual(self.frame(w)[2:], (fw, fh), 'the window was tiled')
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))


class EdgeTilingTest(InputTestCase):

    def drag_to_edge(self, w, edge_point, expect_rect):
        """Drag w's title strip until the pointer is at edge_point; while
        held there a preview outline (a new override-redirect window) shows
        expect_rect; release."""
        sx, sy = self.strip_point(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.move_pointer(sx, sy)
        self.xdo('mousedown', 1)
        self.h.sync()
        self.move_pointer(sx + 30, sy + 30)
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before, 'a preview away from the edges')
        self.move_pointer(*edge_point)
        preview = self.new_popup(before, what='the tiling preview')
        self.assertEqual(self.h.outer_rect(preview), tuple(expect_rect),
                         'the preview outline is not where the window will '
                         'go')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before, 'the preview outline stayed mapped')

    def test_drag_to_left_edge_tiles_left_half(self):
        w = self.placed(300, 300, title='W')
        wa = self.workarea()
        half = (wa[0], wa[1], wa[2] // 2, wa[3])
        self.drag_to_edge(w, (1, 500), half)
        self.assertFrameIs(w, half)
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))

    def test_drag_to_right_edge_tiles_right_half(self):
        w = self.placed(300, 300, title='W')
        wa = self.workarea()
        g = self.h.geometry(self.h.root)
        half = (wa[0] + wa[2] // 2, wa[1], wa[2] - wa[2] // 2, wa[3])
        self.drag_to_edge(w, (g[2] - 1, 500), half)
        self.assertFrameIs(w, half)

    def test_drag_to_top_edge_maximizes(self):
        w = self.placed(300, 300, title='W')
        wa = self.workarea()
        self.drag_to_edge(w, (640, 0), wa)
        self.assertLessEqual({MAX_V, MAX_H}, self.h.net_wm_state(w))
        self.assertFrameIs(w, wa)

    def test_unmaximizing_after_a_drag_to_the_top_goes_back_before_the_drag(
            self):
        w = self.placed(300, 300, title='W')
        before = self.frame(w)
        self.drag_to_edge(w, (640, 0), self.workarea())
        self.g.maximize(w, on=False)
        self.h.sync()
        self.assertFrameIs(w, before, 'not back where the drag started')

    def test_pointer_three_pixels_from_the_edge_does_not_tile(self):
        w = self.placed(300, 300, title='W')
        fw, fh = self.frame(w)[2:]
        sx, sy = self.strip_point(w)
        before = input_helpers.viewable_override_redirect(self.h)
        self.drag((sx, sy), (3, 500), via=[(sx - 30, sy + 30)])
        self.assertEqual(self.frame(w)[2:], (fw, fh))
        self.assertEqual(input_helpers.viewable_override_redirect(self.h),
                         before)

    def test_dragging_a_maximized_window_out_restores_its_size(self):
        w = self.placed(300, 300, title='W')
        cw, ch = self.client(w)[2:]
        self.g.maximize(w)
        self.h.sync()
        self.assertFrameIs(w, self.workarea(), 'maximized')
        sx, sy = self.strip_point(w)
        self.drag((sx, sy), (sx + 40, sy + 300), via=[(sx + 10, sy + 20)])
        self.assertFalse({MAX_V, MAX_H} & self.h.net_wm_state(w))
        self.assertEqual(self.client(w)[2:], (cw, ch),
                         'the floating size did not come back')
        # The pointer is still on the title strip.
        x, y, fw, fh = self.frame(w)
        top = self.ext(w)[2]
        px, py = self.pointer()
        self.assertTrue(x <= px < x + fw and y <= py < y + top,
                        'pointer %r is off the restored window\'s title '
                        'strip (frame %r)' % ((px, py), (x, y, fw, fh)))

    def test_dragging_a_tiled_window_out_restores_its_size(self):
        w = self.placed(300, 300, title='W')
        cw, ch = self.client(w)[2:]
        self.xdo('key', 'super+Left')
        self.h.sync()
        wa = self.workarea()
        self.assertFrameIs(w, (wa[0], wa[1], wa[2] // 2, wa[3]), 'tiled')
        sx, sy = self.strip_point(w)
        self.drag((sx, sy), (sx + 200, sy + 200), via=[(sx + 20, sy + 10)])
        self.assertEqual(self.client(w)[2:], (cw, ch))


class WmMoveResizeTest(InputTestCase):
    """_NET_WM_MOVERESIZE from our own client, with the button held at the
    server (xdotool mousedown) as EWMH wants."""

    def start(self, w, direction, button=1, at=None):
        """Press button at the client's centre (or at), then send the
        message from w's client; return the press point."""
        px, py = at or self.centre(w)
        self.move_pointer(px, py)
        self.xdo('mousedown', button)
        self.h.sync()
        w.send_root_message('_NET_WM_MOVERESIZE',
                            [px, py, direction, button, 1])
        self.h.sync()
        return px, py

    def test_net_wm_moveresize_is_supported(self):
        self.assertIn('_NET_WM_MOVERESIZE',
                      self.h.atoms_prop(self.h.root, '_NET_SUPPORTED'))

    def test_move_message_while_button_held_moves_the_window(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        px, py = self.start(w, MR_MOVE)
        self.move_pointer(px + 30, py + 10)
        self.move_pointer(px + 60, py + 40)
        self.assertEqual(self.frame(w), shifted(before, 60, 40),
                         'the window does not follow the pointer')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertFrameIs(w, shifted(before, 60, 40))
        self.assertGrabsFree('after the release')
        self.move_pointer(px, py)
        self.assertFrameIs(w, shifted(before, 60, 40),
                           'still moving after the release')

    def press_centre(self, w):
        """Hold button 1 down at w's centre, without a message yet."""
        px, py = self.centre(w)
        self.move_pointer(px, py)
        self.xdo('mousedown', 1)
        return px, py

    def test_message_sent_late_moves_by_the_whole_way(self):
        # A busy client sends its message after the pointer has gone far
        # from the press: the point pressed still follows the pointer.
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        px, py = self.press_centre(w)
        try:
            self.move_pointer(px + 150, py + 90)
            w.send_root_message('_NET_WM_MOVERESIZE', [px, py, MR_MOVE, 1, 1])
            self.h.sync()
            self.move_pointer(px + 170, py + 100)
            self.assertEqual(self.frame(w), shifted(before, 170, 100))
        finally:
            self.xdo('mouseup', 1)
        self.h.sync()
        self.assertFrameIs(w, shifted(before, 170, 100))
        self.assertGrabsFree('after the release')

    def test_press_claimed_off_the_window_starts_from_the_pointer(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        px, py = self.press_centre(w)
        try:
            self.h.sync()
            w.send_root_message('_NET_WM_MOVERESIZE', [5, 5, MR_MOVE, 1, 1])
            self.h.sync()
            self.move_pointer(px + 30, py + 20)
            self.assertEqual(self.frame(w), shifted(before, 30, 20),
                             'the window jumped to a press it never had')
        finally:
            self.xdo('mouseup', 1)
        self.h.sync()
        self.assertGrabsFree('after the release')

    def test_bottom_right_message_resizes(self):
        w = self.placed(300, 250, title='W')
        x, y, cw, ch = self.client(w)
        px, py = self.start(w, MR_BOTTOMRIGHT, at=(x + cw - 5, y + ch - 5))
        self.move_pointer(px + 30, py + 20)
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertEqual(self.client(w), (x, y, cw + 30, ch + 20))

    def test_cancel_message_puts_the_window_back_and_frees_grabs(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        px, py = self.start(w, MR_MOVE)
        self.move_pointer(px + 60, py + 40)
        self.assertEqual(self.frame(w), shifted(before, 60, 40))
        w.send_root_message('_NET_WM_MOVERESIZE',
                            [px + 60, py + 40, MR_CANCEL, 1, 1])
        self.h.sync()
        self.assertFrameIs(w, before, 'after _NET_WM_MOVERESIZE_CANCEL')
        self.assertGrabsFree('after the cancel, the button still held')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertFrameIs(w, before)

    def test_keyboard_move_message(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        w.send_root_message('_NET_WM_MOVERESIZE',
                            [0, 0, MR_MOVE_KEYBOARD, 0, 1])
        self.h.sync()
        self.key('Right', 'Right', 'Return')
        self.assertFrameIs(w, shifted(before, 20, 0))

    def test_keyboard_size_message(self):
        w = self.placed(300, 250, title='W')
        x, y, cw, ch = self.client(w)
        w.send_root_message('_NET_WM_MOVERESIZE',
                            [0, 0, MR_SIZE_KEYBOARD, 0, 1])
        self.h.sync()
        self.key('Left', 'Up', 'Up', 'Return')
        self.assertEqual(self.client(w), (x, y, cw - 10, ch - 20))

    def test_move_message_without_a_button_held_does_nothing(self):
        w = self.placed(300, 250, title='W')
        before = self.frame(w)
        px, py = self.centre(w)
        self.move_pointer(px, py)
        w.send_root_message('_NET_WM_MOVERESIZE', [px, py, MR_MOVE, 1, 1])
        self.h.sync()
        self.assertGrabsFree('after a move request with no button held')
        self.move_pointer(px + 50, py + 50)
        self.assertFrameIs(w, before)

    def test_window_destroyed_during_a_message_drag_frees_grabs(self):
        w = self.placed(300, 250, title='W')
        px, py = self.start(w, MR_MOVE)
        self.move_pointer(px + 30, py + 30)
        w.destroy()
        self.h.sync()
        self.assertGrabsFree('after the window was destroyed, the button '
                             'still held')
        self.xdo('mouseup', 1)
        self.h.sync()
        self.assertGrabsFree('after the release')


class WmMoveResizeBadInputTest(InputTestCase):

    def bad(self, w, window, direction):
        """Send a bad _NET_WM_MOVERESIZE about window while button 1 is
        held on w; exactly one log line, nothing moves, no grab left."""
        before = self.frame(w)
        mark = len(self.log_lines())
        px, py = self.centre(w)
        self.move_pointer(px, py)
        self.xdo('mousedown', 1)
        self.h.sync()
        w.send_root_message('_NET_WM_MOVERESIZE',
                            [px, py, direction, 1, 1], window=window)
        self.h.sync()
        self.move_pointer(px + 50, py + 40)
        self.xdo('mouseup', 1)
        self.h.sync()
        lines = self.log_lines()[mark:]
        self.assertEqual(len(lines), 1, 'expected exactly one log line, '
                         'got %r' % lines)
        self.assertTrue(lines[0].startswith('purr: '), lines[0])
        self.assertIn('_NET_WM_MOVERESIZE', lines[0])
        self.assertFrameIs(w, before, 'a bad message moved the window')
        self.assertGrabsFree('after a bad _NET_WM_MOVERESIZE')
        self.assertTrue(self.purr.alive())
        return lines[0]

    def test_unmanaged_window(self):
        w = self.placed(300, 250, title='W')
        stray = self.c.create_window(x=900, y=700, width=50, height=50,
                                     override_redirect=True, title=None)
        self.h.sync()
        line = self.bad(w, stray.id, MR_MOVE)
        self.assertIn('0x%x' % stray.id, line)

    def test_window_that_does_not_exist(self):
        w = self.placed(300, 250, title='W')
        gone = self.c.create_window(map=False)
        gone.destroy()
        self.h.sync()
        self.bad(w, gone.id, MR_MOVE)

    def test_direction_twelve(self):
        w = self.placed(300, 250, title='W')
        self.bad(w, w.id, 12)

    def test_direction_all_ones(self):
        w = self.placed(300, 250, title='W')
        self.bad(w, w.id, 0xFFFFFFFF)


@geometry_helpers.skip_unless('gtk3-widget-factory')
class GtkHeaderBarTest(InputTestCase):
    # The widget factory asks for 1366 px of width: a screen it fits on.
    screen_size = (1920, 1200)

    def test_dragging_a_gtk_header_bar_moves_the_window(self):
        # gtk3-widget-factory draws its own title bar; GTK sends
        # _NET_WM_MOVERESIZE when its header bar is dragged (it moves the
        # window itself only if the manager does not list that atom).
        self.assertIn('_NET_WM_MOVERESIZE',
                      self.h.atoms_prop(self.h.root, '_NET_SUPPORTED'))
        p = self.h.spawn(['gtk3-widget-factory'])
        wid = self.h.wait_client(geometry_helpers.pid_pred(self.h, p),
                                 timeout=20, message='gtk3-widget-factory',
                                 proc=p)
        self.h.sync()
        # Somewhere the window does not touch the screen's edges.
        x, y, cw, ch = self.client(wid)
        self.assertLess(cw, 1700, 'the widget factory is too wide to move')
        self.g.moveresize(wid, x=60, y=60)
        self.h.wait_until(lambda: self.client(wid)[:2] == (60, 60) or
                          self.frame(wid)[:2] == (60, 60), 5,
                          'the widget factory to move to (60, 60)')
        self.h.sync()
        before = self.frame(wid)
        x, y, cw, ch = self.client(wid)
        # _GTK_FRAME_EXTENTS: the invisible shadow around a CSD window.
        gext = self.h.prop(wid, '_GTK_FRAME_EXTENTS')
        gl, gr, gt, gb = gext[2] if gext else (0, 0, 0, 0)
        # The header bar's empty stretch: a fifth of the way in from the
        # left, 12 px below its top edge (the buttons are at the ends and
        # the page switcher in the middle).
        px, py = x + gl + (cw - gl - gr) // 5, y + gt + 12
        spy = self.h.client()
        spy.root.change_attributes(event_mask=X.SubstructureNotifyMask)
        spy.sync()
        self.move_pointer(px, py)
        self.xdo('mousedown', 1)
        try:
            self.h.sync()
            for step in range(1, 6):
                self.move_pointer(px + 20 * step, py + 12 * step)
            sent = spy.wait_event(
                lambda e: e.type == X.ClientMessage
                and e.client_type == spy.atom('_NET_WM_MOVERESIZE'), 5)
            self.assertIsNotNone(sent, 'GTK sent no _NET_WM_MOVERESIZE')
            self.assertEqual(sent.data[1][2], MR_MOVE)
            # The point grabbed stays under the pointer: the window moves
            # by the pointer's whole way from the press, threshold
            # included (EWMH: x_root, y_root are where the press was).
            self.h.wait_until(
                lambda: self.frame(wid) == shifted(before, 100, 60), 5,
                'the window to follow the pointer by (100, 60) (it is at '
                '%r, was %r; GTK sent x_root, y_root = %r for a press at '
                '%r)' % (self.frame(wid), before, tuple(sent.data[1][:2]),
                         (px, py)))
        finally:
            self.xdo('mouseup', 1)
        self.h.sync()
        self.assertEqual(self.frame(wid), shifted(before, 100, 60))
        self.assertGrabsFree('after the header-bar drag')


class SloppyFocusTest(InputTestCase):
    config = '[general]\nfocus-mode = sloppy\n'

    def two(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(600, 100, title='B')
        self.assertFocused(b)
        return a, b

    def test_pointer_into_a_window_focuses_it_without_raising(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(300, 200, title='B')  # overlaps A
        self.assertFocused(b)
        ax, ay, aw, ah = self.client(a)
        self.move_pointer(ax + 20, ay + 20)  # a part of A that B leaves
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(b, a), 'focus raised A')

    def test_pointer_onto_the_root_keeps_focus(self):
        a, b = self.two()
        self.move_pointer(*self.centre(a))
        self.assertFocused(a)
        self.move_pointer(1200, 900)
        self.assertFocused(a)

    def test_window_mapped_under_a_still_pointer_does_not_take_focus(self):
        a = self.placed(100, 100, title='A')
        self.move_pointer(*self.centre(a))
        self.assertFocused(a)
        self.move_pointer(800, 700)
        b = self.placed(700, 600, width=250, height=200, title='B',
                        user_time=0)
        self.assertTrue(self.h.root.query_pointer().child,
                        'the pointer is not over B')
        self.assertEqual(self.h.frame_of(b),
                         self.h.root.query_pointer().child.id)
        self.assertFocused(a)

    def test_window_moved_under_a_still_pointer_does_not_take_focus(self):
        a, b = self.two()
        self.move_pointer(*self.centre(a))
        self.assertFocused(a)
        self.move_pointer(900, 800)
        self.assertFocused(a)
        b.configure(x=800, y=700)
        self.h.sync()
        self.assertEqual(self.h.frame_of(b),
                         self.h.root.query_pointer().child.id,
                         'B did not move under the pointer')
        self.assertFocused(a)

    def test_pointer_into_another_window_moves_focus_again(self):
        a, b = self.two()
        self.move_pointer(*self.centre(a))
        self.move_pointer(*self.centre(b))
        self.assertFocused(b)


class MouseFocusTest(InputTestCase):
    config = '[general]\nfocus-mode = mouse\n'

    def test_pointer_onto_the_root_unfocuses(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(600, 100, title='B')
        self.move_pointer(*self.centre(a))
        self.assertFocused(a)
        self.move_pointer(1200, 900)
        self.assertEqual(self.h.active_window(), 0,
                         '_NET_ACTIVE_WINDOW is 0x%x with the pointer on '
                         'the root' % self.h.active_window())
        self.assertNotIn(self.h.input_focus(), (a.id, b.id))
        self.move_pointer(*self.centre(b))
        self.assertFocused(b)


class ClickFocusTest(InputTestCase):

    def test_pointer_motion_does_not_focus(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(600, 100, title='B')
        self.move_pointer(*self.centre(a))
        self.assertFocused(b)

    def test_click_inside_focuses_and_raises(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(300, 200, title='B')
        ax, ay = self.client(a)[:2]
        self.move_pointer(ax + 20, ay + 20)
        self.xdo('click', 1)
        self.h.sync()
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(a, b), 'the click did not raise A')


class NoRaiseOnClickTest(InputTestCase):
    config = '[general]\nraise-on-click = false\n'

    def test_click_inside_focuses_without_raising(self):
        # The test client selects no ButtonPress: the click purr replays
        # goes on to the frame (purr's), as it would over any part of an
        # application that does not listen for clicks. It is still a
        # click inside the window, not on its decoration.
        a = self.placed(100, 100, title='A')
        b = self.placed(300, 200, title='B')
        self.assertFocused(b)
        self.assertTrue(self.g.is_above(b, a))
        ax, ay = self.client(a)[:2]
        self.move_pointer(ax + 20, ay + 20)
        self.assertTrue(self.g.is_above(b, a), 'pointer motion raised A')
        self.xdo('click', 1)
        self.h.sync()
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(b, a), 'a click inside raised A')

    @geometry_helpers.skip_unless('xterm')
    def test_click_inside_an_xterm_focuses_without_raising(self):
        # xterm listens for clicks itself: the replayed click stops there.
        a = self.placed(100, 100, title='A')
        p = self.h.spawn(['xterm', '-geometry', '60x15+400+250', '-T',
                          'purr-it xterm'])
        xt = self.h.wait_client(geometry_helpers.pid_pred(self.h, p),
                                proc=p, message='xterm')
        self.h.wait_until(lambda: self.h.active_window() == xt, 5,
                          'the xterm to be focused')
        self.h.activate(a)
        self.h.sync()
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(a, xt))
        x, y, cw, ch = self.client(xt)
        ax, ay, aw, ah = self.frame(a)
        # A point of the xterm that A does not cover.
        px, py = x + cw - 10, y + ch - 10
        self.assertFalse(ax <= px < ax + aw and ay <= py < ay + ah)
        self.move_pointer(px, py)
        self.xdo('click', 1)
        self.h.sync()
        self.assertFocused(xt)
        self.assertTrue(self.g.is_above(a, xt), 'a click inside raised the '
                        'xterm')

    def test_click_on_the_title_strip_raises(self):
        a = self.placed(100, 100, title='A')
        b = self.placed(300, 200, title='B')
        self.move_pointer(*self.strip_point(a, 0.3))
        self.xdo('click', 1)
        self.h.sync()
        self.assertFocused(a)
        self.assertTrue(self.g.is_above(a, b), 'a title-strip click did '
                        'not raise A')


if __name__ == '__main__':
    harness.main()
