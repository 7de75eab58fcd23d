#!/usr/bin/python3
"""Closing windows: WM_DELETE_WINDOW, _NET_CLOSE_WINDOW, _NET_WM_PING.

The ping tests wait past purr's 5-second ping timeout on purpose: that
timeout is the behaviour under test. While they wait they keep reading the
client's events, so a responsive client really does answer every ping."""

import time

from Xlib import X

import harness
import testclient

PING_TIMEOUT = 5.0


class CloseTest(harness.PurrTestCase):

    def test_close_sends_wm_delete_window(self):
        w = self.window(title='closable')
        ts = self.h.timestamp()
        self.h.close_window(w, source=2, timestamp=ts)
        self.h.sync()
        self.c.sync()
        msgs = self.c.protocol_messages(w, 'WM_DELETE_WINDOW')
        self.assertEqual(len(msgs), 1, 'expected one WM_DELETE_WINDOW')
        self.assertEqual(msgs[0].client_type, self.h.atom('WM_PROTOCOLS'))
        self.assertNotEqual(msgs[0].data[1][1], X.CurrentTime)
        # purr asks; it does not destroy the window itself.
        self.assertTrue(self.h.exists(w))
        self.assertManaged(w)

    def test_close_without_delete_protocol_kills_client(self):
        victim_conn = self.h.client()
        victim = self.window(client=victim_conn, title='no WM_DELETE',
                             protocols=())
        bystander = self.window(title='bystander')
        self.h.close_window(victim)
        self.h.sync()
        self.h.wait_until(lambda: not self.h.exists(victim), 2,
                          'the window to be destroyed by XKillClient')
        self.h.sync()  # purr has heard of the destruction too
        self.assertNotManaged(victim)
        self.assertManaged(bystander)
        with self.assertRaises(testclient.ClientGone):
            victim_conn.sync()

    def test_close_for_unmanaged_window_does_nothing(self):
        popup = self.window(title='popup', override_redirect=True)
        self.h.close_window(popup)
        self.h.sync()
        self.assertTrue(self.h.exists(popup))
        self.assertEqual(self.h.map_state(popup), X.IsViewable)


class PingTest(harness.PurrTestCase):

    def is_ping(self, client, w, e):
        return (e.type == X.ClientMessage and e.window.id == w.id
                and e.client_type == client.atom('WM_PROTOCOLS')
                and e.data[0] == 32
                and e.data[1][0] == client.atom('_NET_WM_PING'))

    def ping_events(self, client, w):
        return [e for e in client.events if self.is_ping(client, w, e)]

    def wait_ping(self, client, w):
        ev = client.wait_event(lambda e: self.is_ping(client, w, e),
                               timeout=2)
        self.assertIsNotNone(ev, 'no _NET_WM_PING after _NET_CLOSE_WINDOW')
        return ev

    def keep_running(self, client, w, until, answer):
        """Read the client's events until the monotonic time until,
        answering every ping at once if answer is true."""
        answered = 0
        while time.monotonic() < until:
            client.pump(timeout=min(0.05, max(0, until - time.monotonic())))
            if answer:
                for e in self.ping_events(client, w)[answered:]:
                    w.answer_ping(e)
                    answered += 1
        return answered

    def test_ping_sent_on_close(self):
        conn = self.h.client()
        w = self.window(client=conn, title='pingable', ping=True)
        self.h.close_window(w)
        self.h.sync()
        ev = self.wait_ping(conn, w)
        data = ev.data[1]
        self.assertEqual(ev.data[0], 32)
        self.assertNotEqual(data[1], X.CurrentTime, 'ping without timestamp')
        self.assertEqual(data[2], w.id, 'data.l[2] must be the client window')
        self.assertTrue(conn.protocol_messages(w, 'WM_DELETE_WINDOW'))

    def test_unresponsive_window_killed_on_second_close(self):
        conn = self.h.client()
        w = self.window(client=conn, title='hung', ping=True)
        bystander = self.window(title='bystander')
        self.h.close_window(w)
        self.h.sync()
        t0 = time.monotonic()
        self.wait_ping(conn, w)
        # A second close while the ping is young does not kill.
        self.h.close_window(w)
        self.h.sync()
        t1 = time.monotonic()
        self.assertTrue(self.h.exists(w), 'killed before the ping timed out')
        # Never answer; wait past the timeout (measured from the later close,
        # in case purr restarts its timer on every close).
        self.keep_running(conn, w, t1 + PING_TIMEOUT + 0.7, answer=False)
        self.assertTrue(self.h.exists(w),
                        'killed without being closed again')
        self.assertManaged(w)
        self.h.close_window(w)
        self.h.sync()
        self.h.wait_until(lambda: not self.h.exists(w), 2,
                          'the hung window to be killed')
        self.h.sync()  # purr has heard of the destruction too
        self.assertNotManaged(w)
        self.assertManaged(bystander)
        self.assertGreater(time.monotonic() - t0, PING_TIMEOUT)

    def test_responsive_window_not_killed(self):
        conn = self.h.client()
        w = self.window(client=conn, title='alive', ping=True)
        self.h.close_window(w)
        self.h.sync()
        self.wait_ping(conn, w)
        until = time.monotonic() + PING_TIMEOUT + 0.7
        answered = self.keep_running(conn, w, until, answer=True)
        self.assertGreaterEqual(answered, 1)
        n_delete = len(conn.protocol_messages(w, 'WM_DELETE_WINDOW'))
        self.h.close_window(w)
        self.h.sync()
        conn.sync()
        self.assertTrue(self.h.exists(w), 'a window that answered its ping '
                        'was killed')
        self.assertManaged(w)
        self.assertEqual(len(conn.protocol_messages(w, 'WM_DELETE_WINDOW')),
                         n_delete + 1,
                         'second close did not send WM_DELETE_WINDOW again')


if __name__ == '__main__':
    harness.main()
