package org.bgctl.cli;

import java.util.Iterator;
import org.bgctl.machine.MachineRegistry;

/** Machine names for shell completion: the forms of the machine registry. */
final class MachineNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return MachineRegistry.patterns().iterator();
    }
}
