package org.bgctl.cli;

import java.util.Iterator;
import java.util.List;

/** Machine names for help texts and shell completion. */
final class MachineNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return List.of("flat:N", "buddy:N", "paragon-sdsc", "paragon:FILE", "supernode", "supernode:XxYxZ[/N]",
                "bgl", "torus-bgl", "FILE.conf").iterator();
    }
}
