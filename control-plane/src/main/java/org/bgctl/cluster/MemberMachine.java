package org.bgctl.cluster;

import akka.cluster.Member;
import java.util.Optional;
import org.bgctl.machine.MachineModel;

/**
 * The machine a member hosts agents of, carried in its cluster roles as {@code machine=NAME}: the membership tells a
 * driver every member's machine, so a member given another {@code --machine} than the driver's is refused as soon as
 * the members the driver waits for host agents. (Found only by its agents before, it held up the driver until the
 * agents' start timed out, and was not found at all when the cluster happened to put no agent on it.)
 */
public final class MemberMachine {

    private static final String ROLE_PREFIX = "machine=";

    private MemberMachine() {
    }

    /** The role of a member hosting agents of {@code machine}. */
    public static String role(MachineModel machine) {
        return ROLE_PREFIX + machine.name();
    }

    /** The machine {@code member} hosts agents of, if its roles say. */
    static Optional<String> of(Member member) {
        return member.getRoles().stream().filter(r -> r.startsWith(ROLE_PREFIX))
                .map(r -> r.substring(ROLE_PREFIX.length())).findFirst();
    }

    /**
     * Why the run cannot go on, naming a member of {@code members} that hosts agents of another machine than
     * {@code machine}, the driver's, and both machines; empty when every member that says hosts {@code machine}.
     */
    static Optional<String> otherMachine(MachineModel machine, Iterable<Member> members) {
        for (Member member : members) {
            Optional<String> other = of(member).filter(m -> !m.equals(machine.name()));
            if (other.isPresent())
                return Optional.of("member " + member.address() + " hosts agents of " + other.get() + ", but this"
                        + " driver runs " + machine.name() + ": give every member --machine " + machine.name());
        }
        return Optional.empty();
    }
}
