package org.bgctl.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

/** bgctl's settings read alone are those an actor system gets, for every module on the class path. */
class BgctlSettingsTest {

    @Test
    void theSettingsReadWithoutAkkasAreThoseOfTheWholeConfiguration() {
        assertEquals(ConfigFactory.load().getConfig("bgctl").root().unwrapped(),
                BgctlSettings.load().getConfig("bgctl").root().unwrapped());
        assertFalse(BgctlSettings.load().hasPath("akka.actor.provider"), "Akka's reference configuration is not read");
    }
}
