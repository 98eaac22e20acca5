package org.bgctl.cli;

import com.typesafe.config.ConfigFactory;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bgctl.journal.PostgresSchema;
import org.bgctl.journal.PostgresSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code bgctl db}: the PostgreSQL journal's database. */
@Command(name = "db", mixinStandardHelpOptions = true,
        description = "Manage the PostgreSQL journal's database (bgctl.postgres.url/user/password,"
                + " or BGCTL_PG_URL, BGCTL_PG_USER, BGCTL_PG_PASSWORD).",
        subcommands = DbCommand.Init.class)
public final class DbCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }

    /** {@code bgctl db init}. */
    @Command(name = "init", mixinStandardHelpOptions = true,
            description = "Create the journal's tables (event_journal, event_tag, snapshot, durable_state) where"
                    + " missing; what exists is left as it is, so it is safe to run again.")
    static final class Init implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PostgresSettings settings = PostgresSettings.from(ConfigFactory.load());
            int statements = PostgresSchema.init(settings);
            PrintWriter out = spec.commandLine().getOut();
            out.printf("journal schema ready at %s (%s; %d statements, each creating only what was missing)%n",
                    settings.url(), String.join(", ", PostgresSchema.TABLES), statements);
            out.flush();
            return 0;
        }
    }
}
