package testkit

import java.net.{ InetAddress, InetSocketAddress, ServerSocket }
import java.nio.file.{ Files, Paths }

import scala.util.{ Random, Try, Using }

/** A free port for a test to hand to another process, which binds it seconds later. It is taken below the
  * kernel's ephemeral range (net.ipv4.ip_local_port_range), from which every bind to port 0 and every outgoing
  * connection of the test JVMs running beside takes its ports: a port from that range can be taken in between
  * (the likely reason why a rehearsal's sandbox did not start in a .ci/run).
  */
object FreePort {
  private val Lowest = 20000

  /** The range's first port, 32768 when the kernel does not say. (Read by line: Files.readString reads a
    * /proc file short, as its size is 0.)
    */
  def ephemeralLow: Int =
    Try(Files.readAllLines(Paths.get("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim.split("\\s+")(0).toInt)
      .getOrElse(32768)

  def apply(): Int =
    Random.shuffle((Lowest until ephemeralLow).toVector).find(isFree)
      .getOrElse(throw new AssertionError(s"no free port from $Lowest below the ephemeral range ($ephemeralLow)"))

  private def isFree(port: Int): Boolean =
    Try(Using.resource(new ServerSocket()) { socket =>
      socket.setReuseAddress(false)
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress, port))
    }).isSuccess
}
