#!/usr/bin/python3
"""_NET_CLIENT_LIST, _NET_CLIENT_LIST_STACKING, restacking and layers."""

from Xlib import X

import harness
import testclient

CWSibling = 1 << 5
CWStackMode = 1 << 6
# _NET_RESTACK_WINDOW detail values are the X stack modes.
Above, Below = X.Above, X.Below


class ClientListTest(harness.PurrTestCase):

    def test_client_list_in_mapping_order(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.assertEqual(self.h.client_list(), [a.id, b.id, c.id])
        # Restacking does not reorder the mapping-order list.
        a.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertEqual(self.h.client_list(), [a.id, b.id, c.id])
        b.destroy()
        self.h.sync()
        self.assertEqual(self.h.client_list(), [a.id, c.id])
        d = self.window(title='D')
        self.assertEqual(self.h.client_list(), [a.id, c.id, d.id])
        # Withdrawn and mapped again is a new mapping: it goes to the end.
        a.unmap()
        self.h.sync()
        self.assertEqual(self.h.client_list(), [c.id, d.id])
        a.map()
        self.h.sync()
        self.assertEqual(self.h.client_list(), [c.id, d.id, a.id])

    def test_new_windows_stack_on_top(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.assertEqual(self.h.client_list_stacking(), [a.id, b.id, c.id])
        self.assertStackingConsistent()

    def test_unmanaged_windows_leave_the_stacking_list(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        b.destroy()
        a.unmap()
        self.h.sync()
        self.assertEqual(self.h.client_list_stacking(), [c.id])
        self.assertStackingConsistent()


class RestackTest(harness.PurrTestCase):

    def setUp(self):
        super().setUp()
        self.a = self.window(title='A')
        self.b = self.window(title='B')
        self.cc = self.window(title='C')
        self.d = self.window(title='D')
        self.ids = lambda *ws: [w.id for w in ws]

    def stacking(self):
        self.assertStackingConsistent()
        return self.h.client_list_stacking()

    def test_configure_request_raise(self):
        self.a.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.b, self.cc, self.d, self.a))

    def test_configure_request_lower(self):
        self.d.configure(stack_mode=X.Below)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.d, self.a, self.b, self.cc))

    def test_synthetic_configure_request_above_sibling(self):
        # ICCCM 4.1.5: a reparented client restacks relative to another
        # top-level window with a synthetic ConfigureRequest on the root.
        self.a.send_configure_request(sibling=self.b, stack_mode=X.Above,
                                      value_mask=CWSibling | CWStackMode)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.b, self.a, self.cc, self.d))

    def test_synthetic_configure_request_below_sibling(self):
        self.d.send_configure_request(sibling=self.b, stack_mode=X.Below,
                                      value_mask=CWSibling | CWStackMode)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.a, self.d, self.b, self.cc))

    def test_restack_window_above_sibling(self):
        self.h.restack(self.a, self.cc, Above)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.b, self.cc, self.a, self.d))

    def test_restack_window_below_sibling(self):
        self.h.restack(self.d, self.b, Below)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.a, self.d, self.b, self.cc))

    def test_restack_window_without_sibling_raises_and_lowers(self):
        self.h.restack(self.b, 0, Above)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.a, self.cc, self.d, self.b))
        self.h.restack(self.cc, 0, Below)
        self.h.sync()
        self.assertEqual(self.stacking(),
                         self.ids(self.cc, self.a, self.d, self.b))


class LayerTest(harness.PurrTestCase):

    def index(self, w):
        return self.h.client_list_stacking().index(int(w))

    def assertOrder(self, *groups):
        """Each group (a window or tuple of windows) lies wholly below the
        next in _NET_CLIENT_LIST_STACKING and in X."""
        self.assertStackingConsistent()
        stack = self.h.client_list_stacking()
        names = {}
        for g in groups:
            for w in (g if isinstance(g, tuple) else (g,)):
                names[int(w)] = getattr(w, 'label', hex(int(w)))
        for lower, upper in zip(groups, groups[1:]):
            lows = lower if isinstance(lower, tuple) else (lower,)
            ups = upper if isinstance(upper, tuple) else (upper,)
            for lo in lows:
                for up in ups:
                    self.assertLess(
                        stack.index(int(lo)), stack.index(int(up)),
                        '%s is not below %s; stacking: %s' % (
                            names[int(lo)], names[int(up)],
                            [names.get(w, hex(w)) for w in stack]))

    def make(self, label, **kw):
        w = self.window(title=label, **kw)
        w.label = label
        return w

    def test_layers_order(self):
        # Mapped in a scrambled order on purpose.
        dock = self.make('dock', types=['DOCK'], width=1280, height=30)
        above = self.make('above', states=['ABOVE'])
        n1 = self.make('normal1')
        desk = self.make('desktop', types=['DESKTOP'], x=0, y=0,
                         width=1280, height=1024)
        below = self.make('below', states=['BELOW'])
        n2 = self.make('normal2')
        self.assertOrder(desk, below, (n1, n2), above, dock)
        # Raising or lowering moves a window only within its layer.
        n1.configure(stack_mode=X.Above)
        desk.configure(stack_mode=X.Above)
        above.configure(stack_mode=X.Below)
        dock.configure(stack_mode=X.Below)
        self.h.sync()
        self.assertOrder(desk, below, n2, n1, above, dock)
        self.h.activate(below)
        self.h.sync()
        self.assertOrder(desk, below, (n1, n2), above, dock)

    def test_state_message_moves_window_between_layers(self):
        a = self.make('a')
        b = self.make('b')
        self.h.change_state(a, testclient.NET_WM_STATE_ADD, 'ABOVE')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(a))
        self.window(title='c').label = 'c'
        self.assertOrder(b, a)
        self.assertEqual(self.h.client_list_stacking()[-1], a.id,
                         'a window in the above layer went under a new '
                         'normal window')
        self.h.change_state(a, testclient.NET_WM_STATE_REMOVE, 'ABOVE')
        self.h.change_state(b, testclient.NET_WM_STATE_ADD, 'BELOW')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_ABOVE', self.h.net_wm_state(a))
        self.assertIn('_NET_WM_STATE_BELOW', self.h.net_wm_state(b))
        self.assertEqual(self.h.client_list_stacking()[0], b.id)

    def test_always_on_top_order_follows_mutter(self):
        # Mutter's always-on-top.metatest, step by step.
        w1, w2, w3 = (self.window(title=t) for t in ('1', '2', '3'))
        ids = lambda: [w for w in self.h.client_list_stacking()
                       if w in (w1.id, w2.id, w3.id)]
        self.assertEqual(ids(), [w1.id, w2.id, w3.id])
        self.assertFocused(w3)
        self.h.activate(w1)
        self.h.sync()
        self.assertEqual(ids(), [w2.id, w3.id, w1.id])
        self.h.change_state(w3, 1, 'ABOVE')
        self.h.sync()
        self.assertEqual(ids(), [w2.id, w1.id, w3.id])
        self.assertFocused(w1)
        self.h.activate(w2)
        self.h.sync()
        self.assertEqual(ids(), [w1.id, w2.id, w3.id])
        self.assertFocused(w2)
        self.h.change_state(w3, 0, 'ABOVE')
        self.h.activate(w1)
        self.h.sync()
        self.assertEqual(ids(), [w2.id, w3.id, w1.id])
        self.assertFocused(w1)

    def test_focused_fullscreen_above_dock(self):
        dock = self.make('dock', types=['DOCK'], width=1280, height=30)
        full = self.make('fullscreen', states=['FULLSCREEN'])
        self.assertFocused(full)
        self.assertOrder(dock, full)

    def test_unfocused_fullscreen_below_dock(self):
        dock = self.make('dock', types=['DOCK'], width=1280, height=30)
        full = self.make('fullscreen', states=['FULLSCREEN'])
        other = self.make('other')
        self.h.activate(other)
        self.h.sync()
        self.assertFocused(other)
        self.assertOrder(full, dock)
        self.assertOrder(full, other)
        # Focused again, it is back on top of everything.
        self.h.activate(full)
        self.h.sync()
        self.assertFocused(full)
        self.assertOrder((dock, other), full)

    def test_fullscreen_by_message_covers_screen(self):
        w = self.make('w', width=300, height=200)
        self.h.change_state(w, testclient.NET_WM_STATE_ADD, 'FULLSCREEN')
        self.h.sync()
        self.assertIn('_NET_WM_STATE_FULLSCREEN', self.h.net_wm_state(w))
        self.assertEqual(self.h.outer_rect(w),
                         (0, 0, harness.SCREEN_W, harness.SCREEN_H))
        frame = self.h.frame_of(w)
        # Nothing of the frame is visible around a fullscreen window.
        fx, fy, fw, fh = self.h.outer_rect(frame)
        self.assertLessEqual(fx, 0)
        self.assertLessEqual(fy, 0)
        self.assertGreaterEqual(fx + fw, harness.SCREEN_W)
        self.assertGreaterEqual(fy + fh, harness.SCREEN_H)
        self.h.change_state(w, testclient.NET_WM_STATE_REMOVE, 'FULLSCREEN')
        self.h.sync()
        self.assertNotIn('_NET_WM_STATE_FULLSCREEN', self.h.net_wm_state(w))
        self.assertEqual(self.h.geometry(w)[2:4], (300, 200),
                         'size before fullscreen not restored')


if __name__ == '__main__':
    harness.main()
