#!/usr/bin/python3
"""Programs nobody here wrote, against purr: xterm, wmctrl, xdotool, xprop,
gtk3-widget-factory and zenity (GTK 3)."""

import os
import re
import subprocess

from Xlib import X

import harness
import testclient


def read_file(path):
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return None


class RealClientTest(harness.PurrTestCase):

    def run_tool(self, argv, timeout=10, check=True):
        """Run a command-line tool on the private display; its stdout."""
        r = subprocess.run(argv, env=self.h.env(), capture_output=True,
                           text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        if check:
            self.assertEqual(r.returncode, 0, '%s failed (%d): %s%s' % (
                ' '.join(argv), r.returncode, r.stdout, r.stderr))
        return r.stdout

    def by_pid(self, proc):
        def pred(w):
            v = self.h.prop(w, '_NET_WM_PID')
            return v is not None and v[2][:1] == [proc.pid]
        return pred

    def start_xterm(self, title, command=None):
        argv = ['xterm', '-T', title, '-geometry', '80x24+50+50']
        if command:
            argv += ['-e'] + command
        proc = self.h.spawn(argv, name='xterm')
        xid = self.h.wait_client(self.by_pid(proc), 15, 'xterm', proc=proc)
        self.h.sync()
        return proc, xid

    def size_on_grid(self, xid, width, height):
        """The size nearest below width x height that the window's
        WM_NORMAL_HINTS (base size and increments) allow."""
        hints = self.h.cardinals(xid, 'WM_NORMAL_HINTS', 'WM_SIZE_HINTS')
        base, inc = (0, 0), (1, 1)
        if hints and len(hints) >= 18:
            flags = hints[0]
            if flags & testclient.PBaseSize:
                base = (hints[15], hints[16])
            elif flags & testclient.PMinSize:
                base = (hints[5], hints[6])
            if flags & testclient.PResizeInc and hints[9] and hints[10]:
                inc = (hints[9], hints[10])
        return (base[0] + (width - base[0]) // inc[0] * inc[0],
                base[1] + (height - base[1]) // inc[1] * inc[1])

    def tool_window(self, title, **kw):
        return self.window(title=title, **kw)

    # -- xterm -----------------------------------------------------------

    def test_xterm_is_managed_and_focused(self):
        proc, xid = self.start_xterm('purr-it xterm')
        frame = self.assertManaged(xid)
        self.assertNotEqual(frame, xid)
        ext = self.h.frame_extents(xid)
        self.assertIsNotNone(ext)
        self.assertGreater(ext[2], 0)
        self.assertFocused(xid)
        self.assertEqual(self.h.client_list(), [xid])

    def test_typing_reaches_the_focused_xterm(self):
        out = os.path.join(self.h.tmpdir, 'typed.txt')
        proc, xid = self.start_xterm(
            'purr-it typing', ['/bin/sh', '-c',
                               'read line; printf %s "$line" > "$0"', out])
        self.assertFocused(xid)
        self.run_tool(['xdotool', 'type', '--delay', '20', 'purr42'])
        self.run_tool(['xdotool', 'key', 'Return'])
        self.h.wait_until(lambda: read_file(out) == 'purr42', 10,
                          'xterm to receive the typed line')
        self.assertEqual(proc.wait(10), 0)
        self.h.wait_until(lambda: xid not in self.h.client_list(), 5,
                          'the xterm to be unmanaged after it exited')

    # -- wmctrl ------------------------------------------------------------

    def test_wmctrl_m_names_purr(self):
        out = self.run_tool(['wmctrl', '-m'])
        self.assertRegex(out, r'(?m)^Name: purr$')

    def test_wmctrl_list(self):
        a = self.tool_window('purr-it alpha')
        b = self.tool_window('purr-it beta', desktop=2)
        proc, xid = self.start_xterm('purr-it xterm list')
        out = self.run_tool(['wmctrl', '-l'])
        rows = {}
        for line in out.splitlines():
            m = re.match(r'^(0x[0-9a-f]+)\s+(-?\d+)\s+\S+\s(.*)$', line)
            self.assertIsNotNone(m, 'unexpected wmctrl -l line %r' % line)
            rows[int(m.group(1), 16)] = (int(m.group(2)), m.group(3))
        self.assertEqual(rows, {a.id: (0, 'purr-it alpha'),
                                b.id: (2, 'purr-it beta'),
                                xid: (0, 'purr-it xterm list')})

    def test_wmctrl_activate(self):
        a = self.tool_window('purr-it alpha')
        b = self.tool_window('purr-it beta')
        self.assertFocused(b)
        self.run_tool(['wmctrl', '-a', 'purr-it alpha'])
        self.h.wait_until(lambda: self.h.active_window() == a.id, 5,
                          'wmctrl -a to activate alpha')
        self.h.sync()
        self.assertFocused(a)
        self.assertEqual(self.h.client_list_stacking()[-1], a.id)

    def test_wmctrl_activate_on_other_desktop(self):
        a = self.tool_window('purr-it far', desktop=3)
        b = self.tool_window('purr-it near')
        self.run_tool(['wmctrl', '-a', 'purr-it far'])
        self.h.wait_until(lambda: self.h.active_window() == a.id, 5,
                          'wmctrl -a to activate the far window')
        self.h.sync()
        self.assertEqual(self.h.current_desktop(), 3)
        self.assertManaged(a)
        self.assertFocused(a)
        self.assertEqual(self.h.map_state(self.h.frame_of(b)), X.IsUnmapped)

    def test_wmctrl_close_xterm(self):
        proc, xid = self.start_xterm('purr-it xterm close')
        self.run_tool(['wmctrl', '-c', 'purr-it xterm close'])
        # xterm answers WM_DELETE_WINDOW by exiting.
        proc.wait(10)
        self.h.wait_until(lambda: xid not in self.h.client_list(), 5,
                          'the closed xterm to leave _NET_CLIENT_LIST')
        self.h.sync()
        self.assertEqual(self.h.client_list(), [])

    def test_wmctrl_switch_desktop(self):
        a = self.tool_window('purr-it alpha')
        self.run_tool(['wmctrl', '-s', '2'])
        self.h.wait_until(lambda: self.h.current_desktop() == 2, 5,
                          'wmctrl -s 2')
        self.h.sync()
        self.assertEqual(self.h.map_state(self.h.frame_of(a)), X.IsUnmapped)
        out = self.run_tool(['wmctrl', '-d'])
        lines = out.splitlines()
        self.assertEqual(len(lines), 4, out)
        current = [l.split()[0] for l in lines if l.split()[1] == '*']
        self.assertEqual(current, ['2'], out)

    def test_wmctrl_move_to_desktop(self):
        a = self.tool_window('purr-it mover')
        self.run_tool(['wmctrl', '-r', 'purr-it mover', '-t', '1'])
        self.h.wait_until(lambda: self.h.wm_desktop(a) == 1, 5,
                          'wmctrl -t 1')
        self.h.sync()
        self.assertEqual(self.h.map_state(self.h.frame_of(a)), X.IsUnmapped)

    # -- xdotool ---------------------------------------------------------

    def test_xdotool_search(self):
        proc, xid = self.start_xterm('purr-it searchable')
        out = self.run_tool(['xdotool', 'search', '--name',
                             '^purr-it searchable$'])
        self.assertEqual([int(x) for x in out.split()], [xid])

    def test_xdotool_windowactivate(self):
        a = self.tool_window('purr-it alpha')
        b = self.tool_window('purr-it beta')
        self.assertFocused(b)
        self.run_tool(['xdotool', 'windowactivate', '--sync', str(a.id)])
        self.h.sync()
        self.assertFocused(a)
        out = self.run_tool(['xdotool', 'getactivewindow'])
        self.assertEqual(int(out.strip()), a.id)

    def test_xdotool_desktops(self):
        out = self.run_tool(['xdotool', 'get_num_desktops'])
        self.assertEqual(out.strip(), '4')
        self.run_tool(['xdotool', 'set_desktop', '3'])
        self.h.wait_until(lambda: self.h.current_desktop() == 3, 5,
                          'xdotool set_desktop 3')
        out = self.run_tool(['xdotool', 'get_desktop'])
        self.assertEqual(out.strip(), '3')

    def test_xdotool_windowmove_and_windowsize(self):
        proc, xid = self.start_xterm('purr-it moved')
        frame = self.h.frame_of(xid)
        # xterm resizes in character cells (WM_NORMAL_HINTS increments):
        # ask for a size it accepts as is.
        w, h = self.size_on_grid(xid, 500, 300)
        self.run_tool(['xdotool', 'windowsize', '--sync', str(xid),
                       str(w), str(h)])
        self.h.sync()
        self.assertEqual(self.h.geometry(xid)[2:4], (w, h))
        self.run_tool(['xdotool', 'windowmove', '--sync', str(xid),
                       '200', '150'])
        self.h.sync()
        # A plain ConfigureWindow move of a NorthWest-gravity window: the
        # frame goes where the client asked to be (the frame as it shows,
        # without the shadow a compositor gives the frame window).
        self.assertEqual(self.h.input_rect(frame)[:2], (200, 150))

    def test_click_focuses_and_raises(self):
        # README: a click on a window (or its title strip) focuses and
        # raises it. The pointer is driven through XTEST by xdotool.
        a = self.tool_window('purr-it alpha', width=300, height=200)
        a.configure(x=100, y=100)
        b = self.tool_window('purr-it beta', width=300, height=200)
        b.configure(x=600, y=400)
        self.h.sync()
        self.assertFocused(b)
        ax, ay, aw, ah = self.h.outer_rect(a)
        self.run_tool(['xdotool', 'mousemove', str(ax + aw // 2),
                       str(ay + ah // 2), 'click', '1'])
        self.h.wait_until(lambda: self.h.active_window() == a.id, 5,
                          'a click to focus alpha')
        self.h.sync()
        self.assertFocused(a)
        self.assertEqual(self.h.client_list_stacking()[-1], a.id)
        # The title strip of beta: inside the frame, above the client.
        fx, fy, fw, fh = self.h.input_rect(self.h.frame_of(b))
        bx, by, bw, bh = self.h.outer_rect(b)
        self.assertGreater(by, fy)
        self.run_tool(['xdotool', 'mousemove', str(bx + bw // 2),
                       str((fy + by) // 2), 'click', '1'])
        self.h.wait_until(lambda: self.h.active_window() == b.id, 5,
                          'a click on the title strip to focus beta')
        self.h.sync()
        self.assertFocused(b)
        self.assertEqual(self.h.client_list_stacking()[-1], b.id)

    # -- xprop ---------------------------------------------------------------

    def test_xprop_reads_what_purr_set(self):
        proc, xid = self.start_xterm('purr-it xprop')
        out = self.run_tool(['xprop', '-root', '_NET_SUPPORTING_WM_CHECK'])
        m = re.search(r'window id # (0x[0-9a-f]+)', out)
        self.assertIsNotNone(m, out)
        out = self.run_tool(['xprop', '-id', m.group(1), '_NET_WM_NAME'])
        self.assertEqual(out.strip(), '_NET_WM_NAME(UTF8_STRING) = "purr"')
        out = self.run_tool(['xprop', '-id', str(xid), 'WM_STATE'])
        self.assertIn('window state: Normal', out)
        out = self.run_tool(['xprop', '-id', str(xid), '_NET_FRAME_EXTENTS'])
        m = re.match(r'_NET_FRAME_EXTENTS\(CARDINAL\) = (\d+), (\d+), '
                     r'(\d+), (\d+)$', out.strip())
        self.assertIsNotNone(m, out)
        self.assertEqual([int(g) for g in m.groups()],
                         self.h.frame_extents(xid))
        out = self.run_tool(['xprop', '-root', '_NET_CLIENT_LIST'])
        self.assertIn('0x%x' % xid, out)

    # -- GTK 3 -----------------------------------------------------------------

    def user_time(self, xid):
        """The window's _NET_WM_USER_TIME, also via the user-time window."""
        v = self.h.cardinals(xid, '_NET_WM_USER_TIME')
        if v:
            return v[0]
        utw = self.h.windows_prop(xid, '_NET_WM_USER_TIME_WINDOW')
        if utw:
            v = self.h.cardinals(utw[0], '_NET_WM_USER_TIME')
            if v:
                return v[0]
        return None

    def test_gtk3_widget_factory(self):
        proc = self.h.spawn(['gtk3-widget-factory'])
        xid = self.h.wait_client(self.by_pid(proc), 30,
                                 'gtk3-widget-factory', proc=proc)
        self.h.sync()
        self.assertManaged(xid)
        if self.user_time(xid) == 0:
            self.assertNotEqual(self.h.input_focus(), xid)
            self.assertIn('_NET_WM_STATE_DEMANDS_ATTENTION',
                          self.h.net_wm_state(xid))
        else:
            self.assertFocused(xid)
        # A GTK window asked to close quits the program.
        self.h.close_window(xid)
        proc.wait(15)
        self.h.wait_until(lambda: xid not in self.h.client_list(), 5,
                          'the GTK window to leave _NET_CLIENT_LIST')

    def test_zenity_dialog_closed_through_wm_delete_window(self):
        proc = self.h.spawn(['zenity', '--info', '--title', 'purr-it zenity',
                             '--text', 'hello from the purr tests'])
        xid = self.h.wait_client(self.by_pid(proc), 30, 'zenity',
                                 proc=proc)
        self.h.sync()
        self.assertManaged(xid)
        self.assertFocused(xid)
        self.run_tool(['wmctrl', '-c', 'purr-it zenity'])
        # zenity exits 1 when its dialog is closed from outside; a killed
        # client would rather report a lost display connection.
        self.assertEqual(proc.wait(15), 1)
        err = proc.stderr()
        for sign in ('Fatal', 'Broken pipe', 'lost connection',
                     'Error reading events'):
            self.assertNotIn(sign, err)


if __name__ == '__main__':
    harness.main()
