/*
 * kafka-mock: run librdkafka's in-process mock Kafka cluster as a standalone
 * process, so that tests written against any Kafka client (e.g. kafkajs) can
 * talk to a real wire-protocol broker without Docker or a JVM.
 *
 * Usage: kafka-mock [--brokers=N] [topic:partitions ...]
 *        (KAFKA_MOCK_BROKERS=N is used when --brokers is not given; default 1)
 *
 * Prints one line "BOOTSTRAP=host:port[,host:port...]" on stdout, then runs
 * until stdin reaches EOF or SIGTERM/SIGINT arrives. Tying the lifetime to
 * stdin means a parent that dies (even via SIGKILL) never leaks the cluster:
 * its end of the pipe closes and we exit on our own.
 *
 * NOTE: the mock API is marked experimental by librdkafka; this was written
 * against 2.0.x (Debian bookworm).
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig) {
        (void)sig;
        stop_requested = 1;
}

/* Parses a strictly positive int; rejects trailing junk so typos fail loudly
 * instead of silently becoming 0 or 1. */
static int parse_positive(const char *s, int *out) {
        char *end;
        long v;

        errno = 0;
        v     = strtol(s, &end, 10);
        if (errno || end == s || *end || v < 1 || v > INT_MAX)
                return -1;
        *out = (int)v;
        return 0;
}

int main(int argc, char **argv) {
        char errstr[512];
        const char *env = getenv("KAFKA_MOCK_BROKERS");
        int brokers     = 1;
        int first_topic = 1;
        rd_kafka_conf_t *conf;
        rd_kafka_t *rk;
        rd_kafka_mock_cluster_t *mcluster;
        struct sigaction sa;
        int i;

        if (env && *env && parse_positive(env, &brokers)) {
                fprintf(stderr, "kafka-mock: bad KAFKA_MOCK_BROKERS '%s'\n",
                        env);
                return 2;
        }
        if (argc > 1 && !strncmp(argv[1], "--brokers=", 10)) {
                if (parse_positive(argv[1] + 10, &brokers)) {
                        fprintf(stderr, "kafka-mock: bad %s\n", argv[1]);
                        return 2;
                }
                first_topic = 2;
        }

        /* Validate every topic spec up front so a typo fails before any
         * cluster (and its threads and sockets) exists. */
        for (i = first_topic; i < argc; i++) {
                const char *colon = strrchr(argv[i], ':');
                int parts;

                if (!colon || colon == argv[i] ||
                    parse_positive(colon + 1, &parts)) {
                        fprintf(stderr,
                                "kafka-mock: bad topic spec '%s' "
                                "(want name:partitions)\n",
                                argv[i]);
                        return 2;
                }
        }

        memset(&sa, 0, sizeof(sa));
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
        /* Clients disconnecting abruptly must not kill the whole cluster. */
        signal(SIGPIPE, SIG_IGN);

        /* The mock cluster has to be owned by some rd_kafka_t. A producer is
         * the cheapest: without bootstrap.servers it never connects anywhere
         * and just sits idle while the mock's own threads serve clients. */
        conf = rd_kafka_conf_new();
        /* log_level 4 hides the expected "No bootstrap.servers" notice;
         * KAFKA_MOCK_DEBUG (e.g. "mock,protocol") turns on librdkafka debug
         * logs on stderr when a client misbehaves against the mock. */
        if (rd_kafka_conf_set(conf, "client.id", "kafka-mock", errstr,
                              sizeof(errstr)) ||
            rd_kafka_conf_set(conf, "log_level", "4", errstr,
                              sizeof(errstr)) ||
            (getenv("KAFKA_MOCK_DEBUG") &&
             rd_kafka_conf_set(conf, "debug", getenv("KAFKA_MOCK_DEBUG"),
                               errstr, sizeof(errstr)))) {
                fprintf(stderr, "kafka-mock: %s\n", errstr);
                rd_kafka_conf_destroy(conf);
                return 2;
        }
        rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
        if (!rk) {
                fprintf(stderr, "kafka-mock: rd_kafka_new: %s\n", errstr);
                rd_kafka_conf_destroy(conf);
                return 1;
        }

        mcluster = rd_kafka_mock_cluster_new(rk, brokers);
        if (!mcluster) {
                fprintf(stderr, "kafka-mock: failed to create mock cluster\n");
                rd_kafka_destroy(rk);
                return 1;
        }

        /* Topics are created before BOOTSTRAP is printed so a client that
         * connects right away never races topic creation. Replication factor
         * 1 keeps every partition usable whatever the broker count. */
        for (i = first_topic; i < argc; i++) {
                char *spec  = argv[i];
                char *colon = strrchr(spec, ':');
                int parts   = 0;
                rd_kafka_resp_err_t err;

                parse_positive(colon + 1, &parts); /* validated above */
                *colon = '\0';
                err = rd_kafka_mock_topic_create(mcluster, spec, parts, 1);
                if (err) {
                        fprintf(stderr, "kafka-mock: topic %s: %s\n", spec,
                                rd_kafka_err2str(err));
                        rd_kafka_mock_cluster_destroy(mcluster);
                        rd_kafka_destroy(rk);
                        return 1;
                }
        }

        printf("BOOTSTRAP=%s\n", rd_kafka_mock_cluster_bootstraps(mcluster));
        fflush(stdout);

        /* A short poll timeout instead of ppoll/self-pipe: it keeps this
         * portable and a 200 ms shutdown latency does not matter here. */
        while (!stop_requested) {
                struct pollfd pfd = {.fd = STDIN_FILENO, .events = POLLIN};
                char buf[256];
                ssize_t n;
                int r = poll(&pfd, 1, 200);

                if (r < 0) {
                        if (errno == EINTR)
                                continue;
                        break;
                }
                if (r == 0)
                        continue;
                /* Input is ignored; only EOF (or an error) matters. POLLHUP
                 * without POLLIN still ends up here via read() == 0. */
                n = read(STDIN_FILENO, buf, sizeof(buf));
                if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN))
                        break;
        }

        rd_kafka_mock_cluster_destroy(mcluster);
        rd_kafka_destroy(rk);
        return 0;
}
