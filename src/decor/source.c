/*
 * Where the borders' look comes from, in the order issue 5 fixes: the GTK
 * theme named by XSETTINGS (GTK itself follows Net/ThemeName when a
 * settings manager runs), else GNOME's GSettings when its schema is
 * installed, else purr.conf, else Adwaita. The button layout: purr.conf,
 * else GNOME's wm preferences, else purr's default.
 */
#include "decor/source.h"

#include <gio/gio.h>
#include <string.h>

/* A string key of a GSettings schema, when the schema is installed (asking
 * for a missing schema aborts, so look first). NULL if empty, or if only
 * the schema's default is there and user_only: GNOME's default theme and
 * button layout are not a choice the user made, and must not hide
 * purr.conf's. */
static char *gsettings_string(const char *schema_id, const char *key, bool user_only)
{
    GSettingsSchemaSource *src = g_settings_schema_source_get_default();
    if (!src)
        return NULL;
    g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup(src, schema_id, TRUE);
    if (!schema || !g_settings_schema_has_key(schema, key))
        return NULL;
    g_autoptr(GSettings) s = g_settings_new_full(schema, NULL, NULL);
    if (user_only) {
        g_autoptr(GVariant) user = g_settings_get_user_value(s, key);
        if (!user)
            return NULL;
    }
    g_autoptr(GSettingsSchemaKey) k = g_settings_schema_get_key(schema, key);
    const GVariantType *t = g_settings_schema_key_get_value_type(k);
    /* Enum keys (color-scheme) are strings too, read by their nick. */
    char *v = g_variant_type_equal(t, G_VARIANT_TYPE_STRING) ? g_settings_get_string(s, key) : NULL;
    if (v && !*v)
        g_clear_pointer(&v, g_free);
    return v;
}

void decor_choose_theme(bool have_xsettings, const char *config_theme, decor_theme_choice *out)
{
    memset(out, 0, sizeof *out);
    g_autofree char *scheme =
        gsettings_string("org.gnome.desktop.interface", "color-scheme", false);
    out->dark = scheme && strcmp(scheme, "prefer-dark") == 0;
    if (have_xsettings) {
        out->from = "XSETTINGS";
        return; /* name NULL: GTK follows Net/ThemeName itself */
    }
    char *gs = gsettings_string("org.gnome.desktop.interface", "gtk-theme", true);
    if (gs) {
        out->name = gs;
        out->from = "GSettings";
    } else if (config_theme && *config_theme) {
        out->name = g_strdup(config_theme);
        out->from = "purr.conf";
    } else {
        out->name = g_strdup("Adwaita");
        out->from = "the default";
    }
}

void decor_theme_choice_finish(decor_theme_choice *c)
{
    g_clear_pointer(&c->name, g_free);
}

char *decor_choose_button_layout(const char *config_layout)
{
    if (config_layout && *config_layout)
        return g_strdup(config_layout);
    char *gs = gsettings_string("org.gnome.desktop.wm.preferences", "button-layout", true);
    return gs ? gs : g_strdup(DECOR_DEFAULT_BUTTON_LAYOUT);
}
