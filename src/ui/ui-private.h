/*
 * What the three files of src/ui share and nobody else sees.
 */
#pragma once

#include "ui/ui.h"

#include <gtk/gtk.h>

/* GTK started and its connection alive, even after ui_shutdown(): the
 * widgets may be destroyed. */
bool ui_connected(void);
/* ui_menu_close(), and destroy closed menus now rather than when idle. */
void ui_menu_destroy_all(void);
/* GDK's scale factor (root pixels per GTK pixel) and root window. */
int ui_scale(void);
GdkWindow *ui_root_window(void);
/* An icon of size x size GTK pixels at scale (aspect kept, centred by the
 * image that shows it): the ARGB32 icon (non-premultiplied, host order)
 * when it is big enough, else the icon theme's icon for wm_class (lower
 * case, then as is), else the ARGB icon scaled up, else
 * "application-x-executable". Never NULL. */
cairo_surface_t *ui_icon_surface(const uint32_t *argb, int w, int h, const char *wm_class, int size,
                                 int scale);
