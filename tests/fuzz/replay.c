/*
 * A driver for the fuzz target where libFuzzer is not linked in: replays
 * every file of a corpus folder, then N random inputs from a fixed seed, and
 * prints how many executions ran clean.
 *   fuzz-prop-replay CORPUS_DIR [--random N]
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    long runs = 0, random_n = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--random") && i + 1 < argc) {
            random_n = atol(argv[++i]);
            continue;
        }
        GDir *dir = g_dir_open(argv[i], 0, NULL);
        const char *name;
        while (dir && (name = g_dir_read_name(dir))) {
            g_autofree char *path = g_build_filename(argv[i], name, NULL);
            g_autofree char *buf = NULL;
            gsize len = 0;
            if (g_file_get_contents(path, &buf, &len, NULL)) {
                LLVMFuzzerTestOneInput((const uint8_t *)buf, len);
                runs++;
            }
        }
        if (dir)
            g_dir_close(dir);
    }
    GRand *r = g_rand_new_with_seed(0x70757272);
    uint8_t buf[4096];
    for (long n = 0; n < random_n; n++) {
        size_t len = (size_t)g_rand_int_range(r, 0, n % 10 == 0 ? 4096 : 96);
        for (size_t k = 0; k < len; k++)
            buf[k] = (uint8_t)g_rand_int(r);
        LLVMFuzzerTestOneInput(buf, len);
        runs++;
    }
    g_rand_free(r);
    printf("%ld executions ran clean\n", runs);
    return 0;
}
