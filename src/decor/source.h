/*
 * Which GTK theme and button layout purr's borders follow (see source.c
 * for the order). Needs GIO, not a display.
 */
#pragma once

#include <stdbool.h>

#include "decor/layout.h"

typedef struct decor_theme_choice {
    char *name;       /* NULL: follow GtkSettings (XSETTINGS); owned */
    bool dark;        /* GNOME's color-scheme asks for dark */
    const char *from; /* where the choice came from, for the log */
} decor_theme_choice;

/* have_xsettings: an XSETTINGS manager owns _XSETTINGS_S<screen>. */
void decor_choose_theme(bool have_xsettings, const char *config_theme, decor_theme_choice *out);
void decor_theme_choice_finish(decor_theme_choice *c);
/* The button layout text (GNOME syntax), newly allocated. */
char *decor_choose_button_layout(const char *config_layout);
