/*
 * The model's policy hooks (wm_policy, which src/plugin fills from the
 * plugins' answers): each rule asks its hook, PASS leaves the model's own
 * rule, YES and NO decide, and a hook is only asked where the rule
 * applies. Also that the model tells the hooks when clients come and go.
 */
#include <glib.h>

#include "scene.h"
#include "wm/wm.h"

typedef struct fake {
    enum wm_policy_answer answer;
    enum wm_layer layer; /* what the layer hook writes */
    wm_rect frame;       /* what the place hook writes */
    uint32_t only;       /* the layer hook answers for this window only (0: all) */
    int asked, added, removed;
} fake;

static enum wm_policy_answer fake_decorate(void *data, const wm_client *c)
{
    fake *f = data;
    f->asked++;
    return f->answer;
}

static enum wm_policy_answer fake_autofullscreen(void *data, const wm_client *c, wm_rect req)
{
    fake *f = data;
    f->asked++;
    return f->answer;
}

static enum wm_policy_answer fake_place(void *data, const wm_client *c, wm_rect *frame)
{
    fake *f = data;
    f->asked++;
    if (f->answer == WM_POLICY_YES)
        *frame = f->frame;
    return f->answer;
}

static enum wm_policy_answer fake_focus(void *data, const wm_client *c)
{
    fake *f = data;
    f->asked++;
    return f->answer;
}

static enum wm_policy_answer fake_layer(void *data, const wm_client *c, enum wm_layer *layer)
{
    fake *f = data;
    f->asked++;
    if (f->only && c->id != f->only)
        return WM_POLICY_PASS;
    if (f->answer == WM_POLICY_YES)
        *layer = f->layer;
    return f->answer;
}

static void fake_added(void *data, wm_client *c)
{
    ((fake *)data)->added++;
}

static void fake_removed(void *data, wm_client *c)
{
    ((fake *)data)->removed++;
}

static wm *with_policy(fake *f, wm_policy *p)
{
    *p = (wm_policy){f,          fake_decorate, fake_autofullscreen, fake_place,
                     fake_focus, fake_layer,    fake_added,          fake_removed};
    wm *m = wm_create(1280, 1024);
    m->policy = p;
    return m;
}

static void test_autofullscreen_answer_wins_over_the_switch(void)
{
    fake f = {0};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *c = scene_add_normal(m, 1);
    c->undecorated = true;
    wm_rect mon = {0, 0, 1280, 1024};
    f.answer = WM_POLICY_NO;
    g_assert_false(policy_autofullscreen(m, c, mon));
    m->autofullscreen = false;
    f.answer = WM_POLICY_YES;
    g_assert_true(policy_autofullscreen(m, c, mon));
    f.answer = WM_POLICY_PASS;
    g_assert_false(policy_autofullscreen(m, c, mon));
    m->autofullscreen = true;
    g_assert_true(policy_autofullscreen(m, c, mon));
    g_assert_cmpint(f.asked, ==, 4);
    wm_destroy(m);
}

static void test_autofullscreen_hook_only_where_the_rule_applies(void)
{
    fake f = {.answer = WM_POLICY_YES};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *c = scene_add_normal(m, 1);
    /* Decorated, or not the monitor's rectangle: never asked. */
    g_assert_false(policy_autofullscreen(m, c, (wm_rect){0, 0, 1280, 1024}));
    c->undecorated = true;
    g_assert_false(policy_autofullscreen(m, c, (wm_rect){0, 0, 1280, 1023}));
    g_assert_cmpint(f.asked, ==, 0);
    wm_destroy(m);
}

static void test_decorate_no_and_yes(void)
{
    fake f = {.answer = WM_POLICY_NO};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *c = scene_add_normal(m, 1);
    client_ask_decoration(m, c);
    g_assert_true(client_undecorated(c));
    wm_extents e = client_extents(m, c);
    g_assert_cmpint(e.top + e.left + e.right + e.bottom, ==, 0);
    /* YES frames a window that asked for none, never one drawing its own. */
    f.answer = WM_POLICY_YES;
    c->undecorated = true;
    client_ask_decoration(m, c);
    g_assert_false(client_undecorated(c));
    c->csd = true;
    g_assert_true(client_undecorated(c));
    c->csd = false;
    f.answer = WM_POLICY_PASS;
    client_ask_decoration(m, c);
    g_assert_true(client_undecorated(c));
    wm_destroy(m);
}

static void test_layer_answer(void)
{
    fake f = {.answer = WM_POLICY_YES, .layer = WM_LAYER_BELOW};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *a = scene_add_normal(m, 1);
    wm_client *b = scene_add_normal(m, 2);
    g_assert_cmpint(client_layer(m, b), ==, WM_LAYER_BELOW);
    f.answer = WM_POLICY_NO;
    g_assert_cmpint(client_layer(m, b), ==, WM_LAYER_NORMAL);
    /* A layer that does not exist is purr's own. */
    f.answer = WM_POLICY_YES;
    f.layer = (enum wm_layer)42;
    g_assert_cmpint(client_layer(m, a), ==, WM_LAYER_NORMAL);
    /* The stack follows the answer: the newer window under the older. */
    f.layer = WM_LAYER_BELOW;
    f.only = 2;
    g_autofree char *s = scene_stack(m);
    g_assert_cmpstr(s, ==, "2 1");
    f.answer = WM_POLICY_PASS;
    g_autofree char *t = scene_stack(m);
    g_assert_cmpstr(t, ==, "1 2");
    wm_destroy(m);
}

static void test_place_answer_kept_reachable(void)
{
    fake f = {.answer = WM_POLICY_YES, .frame = {300, 200, 10, 10}};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *c = client_create(1);
    c->floating = (wm_rect){0, 0, 400, 300};
    place_new_client(m, c, false, 0, 0);
    /* The frame's corner is where the hook said; the size stays. */
    wm_rect fr = client_frame_rect(m, c);
    g_assert_cmpint(fr.x, ==, 300);
    g_assert_cmpint(fr.y, ==, 200);
    g_assert_cmpint(c->floating.w, ==, 400);
    /* Off screen: pulled back so that the title strip can be reached. */
    f.frame = (wm_rect){-5000, -5000, 0, 0};
    place_new_client(m, c, false, 0, 0);
    fr = client_frame_rect(m, c);
    g_assert_cmpint(fr.y, >=, 0);
    g_assert_cmpint(fr.x + fr.w, >, 0);
    client_destroy(c);
    wm_destroy(m);
}

static void test_focus_on_map_answer(void)
{
    fake f = {.answer = WM_POLICY_NO};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *a = scene_add_normal(m, 1);
    g_assert_false(focus_allow_new(m, a)); /* even with nothing focused */
    focus_set(m, a);
    wm_client *b = scene_add_normal(m, 2);
    b->has_user_time = true;
    b->user_time = 10;
    m->has_user_time = true;
    m->last_user_time = 20; /* older than the user's last input */
    f.answer = WM_POLICY_YES;
    g_assert_true(focus_allow_new(m, b));
    /* A window that cannot take focus is not asked. */
    int asked = f.asked;
    b->input = WM_INPUT_NONE;
    g_assert_false(focus_allow_new(m, b));
    g_assert_cmpint(f.asked, ==, asked);
    wm_destroy(m);
}

static void test_added_and_removed(void)
{
    fake f = {0};
    wm_policy p;
    wm *m = with_policy(&f, &p);
    wm_client *a = scene_add_normal(m, 1);
    scene_add_normal(m, 2);
    wm_remove_client(m, a);
    g_assert_cmpint(f.added, ==, 2);
    g_assert_cmpint(f.removed, ==, 1);
    wm_destroy(m);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/policy/autofullscreen/answer-wins-over-the-switch",
                    test_autofullscreen_answer_wins_over_the_switch);
    g_test_add_func("/policy/autofullscreen/only-where-the-rule-applies",
                    test_autofullscreen_hook_only_where_the_rule_applies);
    g_test_add_func("/policy/decorate", test_decorate_no_and_yes);
    g_test_add_func("/policy/layer", test_layer_answer);
    g_test_add_func("/policy/place/kept-reachable", test_place_answer_kept_reachable);
    g_test_add_func("/policy/focus-on-map", test_focus_on_map_answer);
    g_test_add_func("/policy/added-and-removed", test_added_and_removed);
    return g_test_run();
}
