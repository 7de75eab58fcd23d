#!/usr/bin/python3
"""Focus: the four ICCCM input models, _NET_ACTIVE_WINDOW both ways,
focus-stealing prevention, urgency, and focus after a window goes away."""

import time

from Xlib import X

import harness

DEMANDS_ATTENTION = '_NET_WM_STATE_DEMANDS_ATTENTION'


class InputModelTest(harness.PurrTestCase):

    def take_focus_messages(self, w):
        self.c.sync()
        return self.c.protocol_messages(w, 'WM_TAKE_FOCUS')

    def test_passive_gets_set_input_focus_and_no_take_focus(self):
        w = self.window(input=True, take_focus=False)
        self.assertFocused(w)
        self.assertEqual(self.take_focus_messages(w), [])

    def test_locally_active_gets_set_input_focus_and_take_focus(self):
        w = self.window(input=True, take_focus=True)
        self.assertFocused(w)
        msgs = self.take_focus_messages(w)
        self.assertEqual(len(msgs), 1, 'expected one WM_TAKE_FOCUS')
        # ICCCM 4.2.7: a valid timestamp, not CurrentTime.
        self.assertNotEqual(msgs[0].data[1][1], X.CurrentTime)

    def test_globally_active_gets_only_take_focus(self):
        other = self.window(title='other')
        self.assertFocused(other)
        w = self.window(input=False, take_focus=True)
        self.assertNotEqual(self.h.input_focus(), w.id,
                            'purr called SetInputFocus on a globally '
                            'active window')
        msgs = self.take_focus_messages(w)
        self.assertEqual(len(msgs), 1, 'expected one WM_TAKE_FOCUS')
        ts = msgs[0].data[1][1]
        self.assertNotEqual(ts, X.CurrentTime)
        # The client takes focus itself, as ICCCM has it do.
        w.set_input_focus(ts)
        self.h.sync()
        self.assertFocused(w)

    def test_no_input_is_never_focused(self):
        other = self.window(title='other')
        w = self.window(input=False, take_focus=False)
        self.assertNotEqual(self.h.input_focus(), w.id)
        self.assertNotEqual(self.h.active_window(), w.id)
        self.assertFocused(other)
        # Not even when asked to activate it.
        self.h.activate(w, source=2)
        self.h.sync()
        self.assertNotEqual(self.h.input_focus(), w.id)
        self.assertNotEqual(self.h.active_window(), w.id)
        self.assertEqual(self.take_focus_messages(w), [])

    def test_missing_wm_hints_is_passive(self):
        w = self.window(wm_hints=False)
        self.assertFocused(w)

    def test_wm_hints_without_input_flag_is_passive(self):
        w = self.window(input=None)
        self.assertFocused(w)


class ActiveWindowTest(harness.PurrTestCase):

    def test_new_window_focused_and_active(self):
        a = self.window(title='A')
        self.assertFocused(a)
        b = self.window(title='B')
        self.assertFocused(b)

    def test_pager_activation(self):
        a = self.window(title='A')
        b = self.window(title='B')
        self.assertFocused(b)
        self.h.activate(a, source=2)
        self.h.sync()
        self.assertFocused(a)
        self.assertEqual(self.h.client_list_stacking()[-1], a.id,
                         'activated window not raised')
        self.assertStackingConsistent()

    def test_application_activation_with_current_time(self):
        a = self.window(title='A')
        b = self.window(title='B')
        self.assertFocused(b)
        self.h.activate(a, source=1, timestamp=self.h.timestamp(),
                        current=b.id)
        self.h.sync()
        self.assertFocused(a)

    def test_client_taking_focus_updates_active_window(self):
        # A globally active client may set the focus itself (ICCCM 4.1.7);
        # _NET_ACTIVE_WINDOW must follow where the focus really is.
        a = self.window(title='A', input=False, take_focus=True)
        b = self.window(title='B')
        self.assertFocused(b)
        a.set_input_focus(self.h.timestamp())
        self.h.sync()
        self.assertFocused(a)


class FocusStealingTest(harness.PurrTestCase):

    def focused_with_user_time(self):
        a = self.window(title='A')
        self.assertFocused(a)
        t = self.h.timestamp()
        a.set_user_time(t)
        self.h.sync()
        return a, t

    def assertKeptFocus(self, a, b):
        self.assertManaged(b)
        self.assertFocused(a)
        self.assertIn(DEMANDS_ATTENTION, self.h.net_wm_state(b))
        self.assertNotIn(DEMANDS_ATTENTION, self.h.net_wm_state(a))

    def test_user_time_zero_does_not_take_focus(self):
        a, _ = self.focused_with_user_time()
        b = self.window(title='B', user_time=0)
        self.assertKeptFocus(a, b)

    def test_activation_clears_demands_attention(self):
        # EWMH: the manager unsets it once the window got the attention it
        # wanted, usually by being activated.
        a, _ = self.focused_with_user_time()
        b = self.window(title='B', user_time=0)
        self.assertKeptFocus(a, b)
        self.h.activate(b, source=2)
        self.h.sync()
        self.assertFocused(b)
        self.assertNotIn(DEMANDS_ATTENTION, self.h.net_wm_state(b))

    def test_user_time_zero_first_window_does_not_take_focus(self):
        b = self.window(title='B', user_time=0)
        self.assertManaged(b)
        self.assertNotEqual(self.h.input_focus(), b.id)
        self.assertNotEqual(self.h.active_window(), b.id)
        self.assertIn(DEMANDS_ATTENTION, self.h.net_wm_state(b))

    def test_older_user_time_does_not_take_focus(self):
        a, t = self.focused_with_user_time()
        b = self.window(title='B', user_time=t - 1)
        self.assertKeptFocus(a, b)

    def test_newer_user_time_takes_focus(self):
        a, t = self.focused_with_user_time()
        b = self.window(title='B', user_time=self.h.timestamp())
        self.assertFocused(b)
        self.assertNotIn(DEMANDS_ATTENTION, self.h.net_wm_state(b))

    def test_user_time_window_zero_does_not_take_focus(self):
        # EWMH: the user time may live on _NET_WM_USER_TIME_WINDOW (GTK
        # does this for every window).
        a, _ = self.focused_with_user_time()
        helper = self.c.create_window(title=None, wm_class=None,
                                      wm_hints=False, protocols=(),
                                      pid=False, map=False)
        helper.set_user_time(0)
        b = self.c.create_window(title='B', map=False)
        b.set_prop('_NET_WM_USER_TIME_WINDOW', 'WINDOW', 32, [helper.id])
        b.map()
        self.h.sync()
        self.assertKeptFocus(a, b)

    def test_later_user_activity_counts(self):
        # The focused window's *latest* user time is what counts: B's time
        # is newer than A's first one but older than A's update.
        a, t1 = self.focused_with_user_time()
        t_b = self.h.wait_until(lambda: max(self.h.timestamp() - t1, 0),
                                message='the server time to advance') + t1
        t2 = self.h.wait_until(lambda: max(self.h.timestamp() - t_b, 0),
                               message='the server time to advance') + t_b
        a.set_user_time(t2)
        self.h.sync()
        b = self.window(title='B', user_time=t_b)
        self.assertKeptFocus(a, b)

    def test_new_window_mostly_under_always_on_top_keeps_the_focus_there(self):
        # Mutter's always-on-top-map-new-maximized: a maximized window
        # mapped under an always-on-top one that hides most of it is not
        # focused, and goes below it.
        a = self.window(title='on top', x=25, y=25, width=1150, height=900,
                        states=['ABOVE'])
        self.assertFocused(a)
        b = self.window(title='maximized', states=['MAXIMIZED_VERT', 'MAXIMIZED_HORZ'])
        self.assertKeptFocus(a, b)
        order = self.h.client_list_stacking()
        self.assertLess(order.index(b.id), order.index(a.id))
        # One it hides little of is focused as usual.
        c = self.window(title='beside', x=1100, y=700, width=170, height=300,
                        normal_hints={'us_position': True})
        self.assertFocused(c)


class UrgencyTest(harness.PurrTestCase):

    def test_urgency_hint_shown_as_demands_attention(self):
        a = self.window(title='A')
        b = self.window(title='B')
        self.assertFocused(b)
        a.set_urgent(True)
        self.h.sync()
        self.assertIn(DEMANDS_ATTENTION, self.h.net_wm_state(a))
        self.assertFocused(b)
        a.set_urgent(False)
        self.h.sync()
        self.assertNotIn(DEMANDS_ATTENTION, self.h.net_wm_state(a))

    def test_urgent_at_map(self):
        a = self.window(title='A')
        b = self.window(title='B', urgent=True, user_time=0)
        self.assertIn(DEMANDS_ATTENTION, self.h.net_wm_state(b))
        self.assertFocused(a)


class FocusAfterCloseTest(harness.PurrTestCase):

    def test_closed_dialog_focuses_nearest_ancestor_that_takes_focus(self):
        # Mutter's closed-transient-no-input-parent: a dialog of a dialog
        # that takes no focus (input False, no WM_TAKE_FOCUS) hands the
        # focus to the window under both; the stacking stays.
        p = self.window(title='parent')
        q = self.window(title='no input', transient_for=p, types=['DIALOG'],
                        input=False, protocols=())
        other = self.window(title='other')
        self.assertFocused(other)  # the most recently used after the dialog
        r = self.window(title='dialog', transient_for=q, types=['DIALOG'])
        self.assertFocused(r)
        before = self.h.client_list_stacking()
        r.destroy()
        self.c.sync()
        self.h.sync()
        self.assertFocused(p)
        self.assertEqual(self.h.client_list_stacking(), [w for w in before if w != r.id])

    def dialog_chain(self):
        """Mutter's closed-transient-no-input-parents: p <- q1 <- q2 <- q3
        and q2 <- r; the q's do not accept the focus (input False, and
        WM_TAKE_FOCUS ignored, as a GTK window with accept-focus off)."""
        other = self.window(title='other')
        p = self.window(title='parent')
        qs, parent = [], p
        for i in range(3):
            q = self.window(title='q%d' % (i + 1), transient_for=parent,
                            types=['DIALOG'], input=False, take_focus=True)
            qs.append(q)
            parent = q
        r = self.window(title='dialog', transient_for=qs[1], types=['DIALOG'])
        self.assertFocused(r)
        return other, p, qs, r

    def take_focus_counts(self, wins):
        self.c.sync()
        return [len(self.c.protocol_messages(w, 'WM_TAKE_FOCUS')) for w in wins]

    def test_closed_dialog_offers_focus_then_gives_it_to_one_that_accepts(self):
        other, p, qs, r = self.dialog_chain()
        before_stack = self.h.client_list_stacking()
        before = self.take_focus_counts(qs)
        r.destroy()
        self.c.sync()
        self.h.wait_until(lambda: self.h.active_window() == p.id, 3.0,
                          'the parent that accepts the focus focused')
        self.assertFocused(p)
        # Each of the windows that take it only when they want was offered
        # the focus once on the way: its parent, then q3 and q1 by MRU.
        self.assertEqual([a - b for a, b in zip(self.take_focus_counts(qs), before)],
                         [1, 1, 1])
        self.assertEqual(self.h.client_list_stacking(),
                         [w for w in before_stack if w != r.id])

    def test_offered_dialog_destroyed_meanwhile_is_skipped(self):
        # Mutter's closed-transient-no-input-parents-queued-default-focus-
        # destroyed.
        other, p, qs, r = self.dialog_chain()
        r.destroy()
        qs[0].destroy()
        qs[1].destroy()
        self.c.sync()
        self.h.wait_until(lambda: self.h.active_window() == p.id, 3.0,
                          'the parent focused')
        self.assertFocused(p)

    def test_activation_while_focus_is_offered_wins(self):
        # Mutter's closed-transient-no-input-parent-delayed-focus-default-
        # cancelled: the offers end when the user picks a window.
        other, p, qs, r = self.dialog_chain()
        r.destroy()
        self.c.sync()
        self.h.activate(other)
        self.h.sync()
        self.assertFocused(other)
        time.sleep(0.5)
        self.h.sync()
        self.assertFocused(other)

    def test_offered_dialog_that_takes_the_focus_keeps_it(self):
        # Mutter's closed-transient-only-take-focus-parents.
        p = self.window(title='parent', input=False, take_focus=True)
        q = self.window(title='q', transient_for=p, types=['DIALOG'],
                        input=False, take_focus=True)
        r = self.window(title='dialog', transient_for=q, types=['DIALOG'])
        self.assertFocused(r)
        self.c.sync()
        start = len(self.c.events)
        r.destroy()
        self.c.sync()
        take_focus = self.c.atom('WM_TAKE_FOCUS')
        ev = self.c.wait_event(
            lambda e: e.type == X.ClientMessage and e.window.id == q.id
            and e.data[1][0] == take_focus, 3.0, start)
        self.assertIsNotNone(ev, 'the dialog\'s parent was not offered the focus')
        q.set_input_focus(ev.data[1][1])
        self.h.sync()
        self.assertFocused(q)
        time.sleep(0.3)
        self.h.sync()
        self.assertFocused(q)

    def test_focus_goes_to_most_recently_used(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.h.activate(a)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()
        self.assertFocused(c)
        # Most recently used: C, A, B. Raise B without focusing it so that
        # neither the stacking order nor the mapping order points at A.
        b.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertEqual(self.h.client_list_stacking()[-1], b.id)
        self.assertFocused(c)
        c.destroy()
        self.h.sync()
        self.assertFocused(a)

    def test_focus_after_withdraw_goes_to_most_recently_used(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.h.activate(a)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()
        b.configure(stack_mode=X.Above)
        c.unmap()
        self.h.sync()
        self.assertFocused(a)

    def test_focus_after_closing_by_wm_delete_window(self):
        a = self.window(title='A')
        b = self.window(title='B')
        c = self.window(title='C')
        self.h.activate(a)
        self.h.sync()
        self.h.activate(c)
        self.h.sync()
        b.configure(stack_mode=X.Above)
        self.h.close_window(c)
        self.h.sync()
        self.c.sync()
        self.assertTrue(self.c.protocol_messages(c, 'WM_DELETE_WINDOW'))
        c.destroy()  # what a well-behaved client does on WM_DELETE_WINDOW
        self.h.sync()
        self.assertFocused(a)

    def test_last_window_closed_leaves_no_active_window(self):
        a = self.window(title='A')
        self.assertFocused(a)
        a.destroy()
        self.h.sync()
        self.assertEqual(self.h.active_window(), 0)


if __name__ == '__main__':
    harness.main()
