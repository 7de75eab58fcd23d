"""A tiny X client of our own, for scenarios that need exact properties.

Each Client is one X connection, the way one application would be: windows it
creates belong to it, messages a window manager sends to those windows arrive
on it, and when a window manager kills it (XKillClient) only this connection
dies. A TestWindow is one top-level window of such a client; every property is
written exactly as the keyword arguments say, before the window is mapped.

Nothing here waits for the window manager. Call Client.sync() (an X round
trip) before asking the manager to sync, so that the server has seen every
request of this client first; Harness.sync() does that for every client it
created.

Runs under Debian's /usr/bin/python3 with python3-xlib.
"""

import select
import struct
import time

from Xlib import X
from Xlib import display as xdisplay
from Xlib import error as xerror
from Xlib.protocol import event as xevent

# ICCCM WM_HINTS flags
InputHint = 1 << 0
StateHint = 1 << 1
WindowGroupHint = 1 << 6
UrgencyHint = 1 << 8

# ICCCM WM_NORMAL_HINTS flags
USPosition = 1 << 0
USSize = 1 << 1
PPosition = 1 << 2
PSize = 1 << 3
PMinSize = 1 << 4
PMaxSize = 1 << 5
PResizeInc = 1 << 6
PAspect = 1 << 7
PBaseSize = 1 << 8
PWinGravity = 1 << 9

NormalState = 1
IconicState = 3

# _NET_WM_STATE actions
NET_WM_STATE_REMOVE = 0
NET_WM_STATE_ADD = 1
NET_WM_STATE_TOGGLE = 2

ROOT_MESSAGE_MASK = X.SubstructureRedirectMask | X.SubstructureNotifyMask
WINDOW_EVENT_MASK = (X.StructureNotifyMask | X.PropertyChangeMask
                     | X.FocusChangeMask)


def never_reuse_xids(d):
    """python-xlib hands out the XID of a destroyed window again; tests
    keep using destroyed XIDs as 'a window that does not exist', so an XID
    is never reused on a test connection."""
    d.display.free_resource_id = lambda rid: None


class ClientGone(Exception):
    """The window manager (or anyone) closed this client's connection."""


class Client:
    """One X connection that behaves like one application."""

    def __init__(self, display_name):
        self.display_name = display_name
        self.d = xdisplay.Display(display_name)
        never_reuse_xids(self.d)
        self.d.set_error_handler(self._on_error)
        self.root = self.d.screen().root
        self.events = []
        self.errors = []
        self.windows = []
        self.gone = False

    # -- plumbing --------------------------------------------------------

    def _on_error(self, err, request):
        self.errors.append(err)

    def atom(self, name):
        return self.d.intern_atom(name)

    def atom_name(self, atom):
        return self.d.get_atom_name(atom)

    def _guard(self, fn, *args, **kw):
        if self.gone:
            raise ClientGone(self.display_name)
        try:
            return fn(*args, **kw)
        except (xerror.ConnectionClosedError, OSError, BrokenPipeError) as e:
            self.gone = True
            raise ClientGone(str(e)) from e

    def flush(self):
        self._guard(self.d.flush)

    def sync(self):
        """Round trip: the server has handled every request sent so far."""
        self._guard(self.d.sync)
        self.pump()

    def pump(self, timeout=0.0):
        """Move events the server has sent into self.events.

        Waits up to timeout seconds for the first one if none is queued.
        Returns the number of new events."""
        n = 0
        deadline = time.monotonic() + timeout
        while True:
            count = self._guard(self.d.pending_events)
            while count:
                self.events.append(self._guard(self.d.next_event))
                n += 1
                count -= 1
            left = deadline - time.monotonic()
            if n or left <= 0:
                return n
            try:
                select.select([self.d.fileno()], [], [], left)
            except (ValueError, OSError) as e:
                self.gone = True
                raise ClientGone(str(e)) from e

    def wait_event(self, pred, timeout=5.0, start=0):
        """Return the first event in self.events[start:] for which pred is
        true, reading more from the server until timeout; None if none."""
        deadline = time.monotonic() + timeout
        i = start
        while True:
            while i < len(self.events):
                if pred(self.events[i]):
                    return self.events[i]
                i += 1
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.pump(timeout=min(left, 0.1))

    def protocol_messages(self, window, protocol):
        """WM_PROTOCOLS client messages of kind protocol sent to window."""
        wm_protocols = self.atom('WM_PROTOCOLS')
        want = self.atom(protocol)
        wid = int(window)
        return [e for e in self.events
                if e.type == X.ClientMessage and e.window.id == wid
                and e.client_type == wm_protocols
                and e.data[0] == 32 and e.data[1][0] == want]

    def close(self):
        if not self.gone:
            self.gone = True
            try:
                self.d.close()
            except Exception:
                pass

    # -- windows -----------------------------------------------------------

    def create_window(self, x=40, y=40, width=240, height=160,
                      border_width=0, title='purr test',
                      net_wm_name=True, wm_class=('purrtest', 'PurrTest'),
                      input=True, wm_hints=True, initial_state=None,
                      group=None, urgent=False,
                      protocols=('WM_DELETE_WINDOW',),
                      take_focus=False, ping=False,
                      transient_for=None, types=None, states=None,
                      user_time=None, desktop=None,
                      normal_hints=None, win_gravity=None,
                      override_redirect=False, pid=False,
                      event_mask=WINDOW_EVENT_MASK, map=True):
        """Create a top-level window with exactly these properties.

        input=None leaves the input field out of WM_HINTS (no InputHint);
        wm_hints=False sets no WM_HINTS at all. normal_hints is a dict of
        WM_NORMAL_HINTS fields (flags computed from the keys present) or raw
        bytes/list written as is. transient_for and group take a window or XID.
        types and states are lists of atom names without the _NET_WM_ prefix
        parts: types=['DIALOG'] -> _NET_WM_WINDOW_TYPE_DIALOG,
        states=['ABOVE'] -> _NET_WM_STATE_ABOVE.
        """
        win = self._guard(
            self.root.create_window, x, y, width, height, border_width,
            X.CopyFromParent, X.InputOutput, X.CopyFromParent,
            background_pixel=self.d.screen().white_pixel,
            event_mask=event_mask,
            override_redirect=1 if override_redirect else 0)
        w = TestWindow(self, win)
        self.windows.append(w)
        if title is not None:
            w.set_title(title, net_wm_name=net_wm_name)
        if wm_class is not None:
            w.set_prop('WM_CLASS', 'STRING', 8,
                       (wm_class[0] + '\0' + wm_class[1] + '\0').encode())
        if wm_hints:
            w.set_wm_hints(input=input, initial_state=initial_state,
                           group=group, urgent=urgent)
        protos = list(protocols or ())
        if take_focus and 'WM_TAKE_FOCUS' not in protos:
            protos.append('WM_TAKE_FOCUS')
        if ping and '_NET_WM_PING' not in protos:
            protos.append('_NET_WM_PING')
        if protos:
            w.set_protocols(protos)
        if transient_for is not None:
            w.set_transient_for(transient_for)
        if types:
            w.set_atoms('_NET_WM_WINDOW_TYPE',
                        ['_NET_WM_WINDOW_TYPE_' + t for t in types])
        if states:
            w.set_atoms('_NET_WM_STATE', ['_NET_WM_STATE_' + s for s in states])
        if user_time is not None:
            w.set_user_time(user_time)
        if desktop is not None:
            w.set_cardinals('_NET_WM_DESKTOP', [desktop])
        if pid:
            import os
            w.set_cardinals('_NET_WM_PID', [os.getpid()])
        if normal_hints is not None or win_gravity is not None:
            hints = dict(normal_hints or {}) if not isinstance(
                normal_hints, (bytes, list, tuple)) else normal_hints
            if isinstance(hints, dict) and win_gravity is not None:
                hints['win_gravity'] = win_gravity
            w.set_normal_hints(hints)
        if map:
            w.map()
        self.flush()
        return w


class TestWindow:
    """One top-level window of a Client. int(w) is its XID."""

    def __init__(self, client, win):
        self.client = client
        self.win = win
        self.id = win.id

    def __int__(self):
        return self.id

    def __index__(self):
        return self.id

    def __repr__(self):
        return '<TestWindow 0x%x>' % self.id

    def _g(self, fn, *a, **kw):
        return self.client._guard(fn, *a, **kw)

    def atom(self, name):
        return self.client.atom(name)

    # -- properties ------------------------------------------------------

    def set_prop(self, name, type_name, fmt, data, mode=X.PropModeReplace):
        self._g(self.win.change_property, self.atom(name),
                self.atom(type_name), fmt, data, mode)

    def delete_prop(self, name):
        self._g(self.win.delete_property, self.atom(name))

    def set_cardinals(self, name, values):
        self.set_prop(name, 'CARDINAL', 32, [v & 0xFFFFFFFF for v in values])

    def set_atoms(self, name, atom_names):
        self.set_prop(name, 'ATOM', 32, [self.atom(a) for a in atom_names])

    def set_title(self, title, net_wm_name=True):
        data = title.encode('utf-8') if isinstance(title, str) else title
        self.set_prop('WM_NAME', 'STRING', 8, data)
        if net_wm_name:
            self.set_prop('_NET_WM_NAME', 'UTF8_STRING', 8, data)

    def set_protocols(self, names):
        self.set_atoms('WM_PROTOCOLS', names)

    def set_transient_for(self, other):
        self.set_prop('WM_TRANSIENT_FOR', 'WINDOW', 32, [int(other)])

    def set_user_time(self, t):
        self.set_cardinals('_NET_WM_USER_TIME', [t])

    def set_wm_hints(self, input=True, initial_state=None, group=None,
                     urgent=False):
        flags = 0
        fields = [0] * 9
        if input is not None:
            flags |= InputHint
            fields[1] = 1 if input else 0
        if initial_state is not None:
            flags |= StateHint
            fields[2] = initial_state
        if group is not None:
            flags |= WindowGroupHint
            fields[8] = int(group)
        if urgent:
            flags |= UrgencyHint
        fields[0] = flags
        self.set_prop('WM_HINTS', 'WM_HINTS', 32, fields)

    def set_normal_hints(self, hints):
        """hints: dict with any of min=(w,h), max=(w,h), inc=(w,h),
        base=(w,h), aspect=((n,d),(n,d)), win_gravity=int, us_position,
        p_position, us_size, p_size (bools) -- or a raw list/bytes."""
        if isinstance(hints, (list, tuple)):
            self.set_prop('WM_NORMAL_HINTS', 'WM_SIZE_HINTS', 32, list(hints))
            return
        if isinstance(hints, bytes):
            self.set_prop('WM_NORMAL_HINTS', 'WM_SIZE_HINTS', 8, hints)
            return
        f = [0] * 18
        flags = 0
        if hints.get('us_position'):
            flags |= USPosition
        if hints.get('p_position'):
            flags |= PPosition
        if hints.get('us_size'):
            flags |= USSize
        if hints.get('p_size'):
            flags |= PSize
        if 'min' in hints:
            flags |= PMinSize
            f[5], f[6] = hints['min']
        if 'max' in hints:
            flags |= PMaxSize
            f[7], f[8] = hints['max']
        if 'inc' in hints:
            flags |= PResizeInc
            f[9], f[10] = hints['inc']
        if 'aspect' in hints:
            flags |= PAspect
            (f[11], f[12]), (f[13], f[14]) = hints['aspect']
        if 'base' in hints:
            flags |= PBaseSize
            f[15], f[16] = hints['base']
        if 'win_gravity' in hints:
            flags |= PWinGravity
            f[17] = hints['win_gravity']
        f[0] = flags
        self.set_prop('WM_NORMAL_HINTS', 'WM_SIZE_HINTS', 32, f)

    def set_urgent(self, urgent, input=True):
        self.set_wm_hints(input=input, urgent=urgent)

    # -- requests ------------------------------------------------------------

    def map(self):
        self._g(self.win.map)
        self.client.flush()

    def unmap(self):
        self._g(self.win.unmap)
        self.client.flush()

    def withdraw(self):
        """ICCCM 4.1.4: unmap, then a synthetic UnmapNotify to the root."""
        self._g(self.win.unmap)
        ev = xevent.UnmapNotify(window=self.win, event=self.client.root,
                                from_configure=0)
        self._g(self.client.root.send_event, ev,
                event_mask=ROOT_MESSAGE_MASK)
        self.client.flush()

    def destroy(self):
        self._g(self.win.destroy)
        self.client.flush()

    def configure(self, **kw):
        """ConfigureWindow on the client: x, y, width, height, border_width,
        sibling, stack_mode. Under a window manager this is a request."""
        self._g(self.win.configure, **kw)
        self.client.flush()

    def send_configure_request(self, x=0, y=0, width=0, height=0,
                               border_width=0, sibling=0, stack_mode=0,
                               value_mask=0):
        """A synthetic ConfigureRequest to the root (ICCCM 4.1.5): how a
        reparented client restacks relative to another top-level window."""
        ev = xevent.ConfigureRequest(
            stack_mode=stack_mode, parent=self.client.root, window=self.id,
            sibling=int(sibling), x=x, y=y, width=width, height=height,
            border_width=border_width, value_mask=value_mask)
        self._g(self.client.root.send_event, ev,
                event_mask=ROOT_MESSAGE_MASK)
        self.client.flush()

    def set_input_focus(self, time_):
        self._g(self.win.set_input_focus, X.RevertToParent, time_)
        self.client.flush()

    def send_root_message(self, type_name, data, window=None):
        """A format-32 ClientMessage about this window (or window) to the
        root, as EWMH wants client requests sent."""
        data = list(data) + [0] * (5 - len(data))
        ev = xevent.ClientMessage(
            window=int(window) if window is not None else self.id,
            client_type=self.atom(type_name), data=(32, data))
        self._g(self.client.root.send_event, ev,
                event_mask=ROOT_MESSAGE_MASK)
        self.client.flush()

    def answer_ping(self, ping_event):
        """Send a _NET_WM_PING back to the root, as EWMH says."""
        data = list(ping_event.data[1])
        ev = xevent.ClientMessage(window=self.client.root,
                                  client_type=ping_event.client_type,
                                  data=(32, data))
        self._g(self.client.root.send_event, ev,
                event_mask=ROOT_MESSAGE_MASK)
        self.client.flush()

    def request_frame_extents(self):
        self.send_root_message('_NET_REQUEST_FRAME_EXTENTS', [])

    def events(self, type_=None):
        return [e for e in self.client.events
                if getattr(e, 'window', None) is not None
                and e.window.id == self.id
                and (type_ is None or e.type == type_)]

    def synthetic_configure_notifies(self):
        """Synthetic ConfigureNotify events on this window (ICCCM 4.1.5)."""
        return [e for e in self.client.events
                if e.type == X.ConfigureNotify and e.send_event
                and e.window.id == self.id]


def pack_cardinals(values):
    return struct.pack('=%dI' % len(values), *values)
