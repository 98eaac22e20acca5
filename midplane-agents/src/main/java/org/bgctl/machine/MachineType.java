package org.bgctl.machine;

import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One form of {@code --machine} name the {@link MachineRegistry} knows.
 *
 * @param pattern      the form as help texts and the README write it, e.g. {@code flat:N}
 * @param description  one line for help texts and the README's table
 * @param capabilities what machines of this form offer
 * @param example      a name of this form (or of the machine it is laid out like) that bgctl ships, built to tell
 *                     which schedulers run on this form
 * @param matches      whether a name is of this form
 * @param factory      the fresh machine a name of this form names
 */
public record MachineType(String pattern, String description, Set<MachineCapability> capabilities, String example,
                          Predicate<String> matches, Function<String, MachineModel> factory) {

    public MachineType {
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(example, "example");
        Objects.requireNonNull(matches, "matches");
        Objects.requireNonNull(factory, "factory");
        capabilities = Set.copyOf(capabilities);
    }

    /** A fresh machine of {@link #example()}. */
    public MachineModel exampleModel() {
        return factory.apply(example);
    }

    public boolean has(MachineCapability capability) {
        return capabilities.contains(capability);
    }
}
