/*
 * purr's plugin API: the only headers purr installs.
 *
 * A plugin is a shared object that links against nothing of purr's. It
 * exports one data symbol, PURR_PLUGIN_SYMBOL (see plugin.h), which purr
 * reads before it runs any of the plugin's code; purr then hands the
 * plugin a table of functions (host.h). Every struct that crosses between
 * the two starts with its size and only ever grows at its end, so a plugin
 * built against older headers keeps loading (PURR_HAS() tells which
 * members the other side knows).
 *
 * No GLib, GObject, XCB or Xlib type appears here: windows are opaque
 * handles, strings are UTF-8 and valid for the duration of the call.
 */
#ifndef PURR_PURR_H
#define PURR_PURR_H

#include <purr/host.h>
#include <purr/listener.h>
#include <purr/options.h>
#include <purr/plugin.h>
#include <purr/types.h>

#endif
