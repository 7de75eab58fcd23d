#!/usr/bin/python3
"""Transients stay above their parents; group transients above the group."""

from Xlib import X

import harness


class TransientTest(harness.PurrTestCase):

    def make(self, label, client=None, **kw):
        w = self.window(client=client, title=label, **kw)
        w.label = label
        return w

    def assertAbove(self, upper, *lowers):
        self.assertStackingConsistent()
        stack = self.h.client_list_stacking()
        names = {}
        for w in (upper,) + lowers:
            names[w.id] = w.label
        for lower in lowers:
            self.assertGreater(
                stack.index(upper.id), stack.index(lower.id),
                '%s is not above %s; stacking (bottom first): %s' % (
                    upper.label, lower.label,
                    [names.get(w, hex(w)) for w in stack]))

    def test_transient_stacked_above_parent(self):
        parent = self.make('parent')
        dialog = self.make('dialog', transient_for=parent)
        self.assertManaged(dialog)
        self.assertAbove(dialog, parent)

    def test_transient_stays_above_raised_parent(self):
        parent = self.make('parent')
        dialog = self.make('dialog', transient_for=parent)
        other = self.make('other')
        self.assertAbove(other, parent, dialog)
        parent.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertAbove(parent, other)
        self.assertAbove(dialog, parent)

    def test_transient_stays_above_activated_parent(self):
        parent = self.make('parent')
        dialog = self.make('dialog', transient_for=parent)
        other = self.make('other')
        self.h.activate(parent)
        self.h.sync()
        self.assertAbove(parent, other)
        self.assertAbove(dialog, parent)

    def test_transient_cannot_go_below_parent(self):
        parent = self.make('parent')
        dialog = self.make('dialog', transient_for=parent)
        dialog.configure(stack_mode=X.Below)
        self.h.sync()
        self.assertAbove(dialog, parent)
        self.h.restack(dialog, parent, X.Below)
        self.h.sync()
        self.assertAbove(dialog, parent)

    def test_transient_chain(self):
        parent = self.make('parent')
        t1 = self.make('t1', transient_for=parent)
        t2 = self.make('t2', transient_for=t1)
        other = self.make('other')
        parent.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertAbove(t2, t1, parent, other)
        self.assertAbove(t1, parent, other)
        self.assertAbove(parent, other)

    def test_transient_of_another_client(self):
        # WM_TRANSIENT_FOR may name a window of another connection.
        parent = self.make('parent')
        c2 = self.h.client()
        dialog = self.make('dialog', client=c2, transient_for=parent)
        other = self.make('other')
        self.h.activate(parent)
        self.h.sync()
        self.assertAbove(dialog, parent, other)

    def test_transient_set_after_map(self):
        parent = self.make('parent')
        dialog = self.make('dialog')
        other = self.make('other')
        dialog.set_transient_for(parent)
        self.h.sync()
        self.h.activate(parent)
        self.h.sync()
        self.assertAbove(dialog, parent, other)


class GroupTransientTest(harness.PurrTestCase):

    def make(self, label, **kw):
        w = self.window(title=label, **kw)
        w.label = label
        return w

    def assertAbove(self, upper, *lowers):
        TransientTest.assertAbove(self, upper, *lowers)

    def group_with_transient(self, transient_for):
        # The group leader is an unmapped window, as GTK and Qt make it.
        leader = self.c.create_window(title='leader', map=False)
        a = self.make('a', group=leader)
        b = self.make('b', group=leader)
        other = self.make('other')
        gt = self.make('group transient', group=leader,
                       transient_for=transient_for)
        return leader, a, b, other, gt

    def check_group_transient(self, a, b, other, gt):
        self.assertAbove(gt, a, b)
        a.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertAbove(gt, a, b)
        self.h.activate(b)
        self.h.sync()
        self.assertAbove(gt, a, b)
        self.assertAbove(b, other)

    def test_transient_for_root_is_above_whole_group(self):
        leader, a, b, other, gt = self.group_with_transient(
            self.h.root.id)
        self.assertManaged(gt)
        self.check_group_transient(a, b, other, gt)

    def test_transient_for_none_is_above_whole_group(self):
        leader, a, b, other, gt = self.group_with_transient(0)
        self.assertManaged(gt)
        self.check_group_transient(a, b, other, gt)

    def test_group_transient_not_above_other_groups_raised(self):
        leader, a, b, other, gt = self.group_with_transient(
            self.h.root.id)
        other.configure(stack_mode=X.Above)
        self.h.sync()
        self.assertAbove(other, a, b, gt)


if __name__ == '__main__':
    harness.main()
