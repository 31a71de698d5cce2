package testkit

import java.net.{ InetAddress, ServerSocket }

import scala.util.Using

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class FreePortTest {
  @Test def aFreePortIsBelowTheEphemeralRangeAndCanBeListenedOn(): Unit = {
    val ports = Seq.fill(20)(FreePort())
    ports.foreach { port =>
      assertTrue(port >= 20000 && port < FreePort.ephemeralLow, s"$port, ephemeral from ${FreePort.ephemeralLow}")
      Using.resource(new ServerSocket(port, 1, InetAddress.getLoopbackAddress))(s => assertEquals(port, s.getLocalPort))
    }
    assertTrue(ports.distinct.size > 1, s"chosen at random: $ports")
  }
}
