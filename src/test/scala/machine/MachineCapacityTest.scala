package machine

import config.InputError

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class MachineCapacityTest {
  private val settings =
    CapacitySettings(check = true, heapPerUserKb = 64, sharedConnectionsShare = 0.25, warnAtPercent = 80)
  private val box = MachineLimits(Some(20000), Some(200), maxHeapBytes = 4L << 30, localPorts = Some(28232))
  private def users(n: Long, shared: Boolean = false) = Seq(SystemDemand("raid", Some(n), shared))

  @Test def theIssuesRunDoesNotFitWithTheSandboxInProcess(): Unit = {
    // RAiD at 4x its reference: about 12,000 concurrent users; 12,000 x 2 + 200 open > 20,000.
    val e = assertThrows(
      classOf[InputError],
      () => { MachineCapacity.check(users(12000), sandboxInProcess = true, box, settings); () }
    )
    assertTrue(
      e.getMessage.startsWith(
        "capacity: the plan needs about 24,200 open files (12,000 concurrent users, 2 per connection"
      ),
      e.getMessage
    )
    assertTrue(e.getMessage.contains("this process may open 20,000 (ulimit -n)"), e.getMessage)
    assertTrue(e.getMessage.contains("-Dtarget=standalone-sandbox"), e.getMessage)
  }

  @Test def theSameUsersFitAgainstARemoteTargetOrSharingConnections(): Unit = {
    assertEquals(Nil, MachineCapacity.check(users(12000), sandboxInProcess = false, box, settings))
    // Shared: 12,000 x 0.25 = 3,000 connections x 2 + 200 = 6,200, within 80 % of 20,000.
    assertEquals(Nil, MachineCapacity.check(users(12000, shared = true), sandboxInProcess = true, box, settings))
  }

  @Test def closeToALimitIsAWarning(): Unit = {
    // 9,000 x 2 + 200 = 18,200 open files: 91 % of 20,000.
    val Seq(warning) = MachineCapacity.check(users(9000), sandboxInProcess = true, box, settings): @unchecked
    assertTrue(warning.startsWith("capacity: close to the limit: the plan needs about 18,200 open files"), warning)
  }

  @Test def heapAndLocalPortsAreLimitsToo(): Unit = {
    val smallHeap = box.copy(maxHeapBytes = 512L << 20)
    val heap = assertThrows(
      classOf[InputError],
      () => { MachineCapacity.check(users(10000), sandboxInProcess = false, smallHeap, settings); () }
    )
    assertTrue(heap.getMessage.startsWith("capacity: the plan needs about 625 MB of heap"), heap.getMessage)
    val ports = assertThrows(
      classOf[InputError],
      () => {
        MachineCapacity.check(users(30000), sandboxInProcess = false, box.copy(maxDescriptors = None), settings); ()
      }
    )
    assertTrue(
      ports.getMessage.startsWith("capacity: raid needs about 30,000 connections to one address"),
      ports.getMessage
    )
  }

  @Test def aProfileWithoutAPeakIsSaidNotCountedAndTheCheckCanBeTurnedOff(): Unit = {
    assertEquals(
      Seq("capacity: raid's profile gives no count of its users (set its journeyDuration): not counted"),
      MachineCapacity.check(
        Seq(SystemDemand("raid", None, sharedConnections = false)),
        sandboxInProcess = true,
        box,
        settings
      )
    )
    assertEquals(Nil, MachineCapacity.check(users(1000000), sandboxInProcess = true, box, settings.copy(check = false)))
  }

  @Test def aSandboxInItsOwnJvmHereIsHeldToTheLimitAndTheLargestScaleThatFitsIsNamed(): Unit = {
    // 19,750 users (RAiD x6.5): the injector's side fits (19,750 + 200 open = 19,950), the sandbox JVM's, one
    // descriptor per connection and 300 of its own, does not: 20,050 > 20,000.
    def raid(users: Long) = Seq(SystemDemand("raid", Some(users), sharedConnections = false))
    val e = assertThrows(
      classOf[InputError],
      () => {
        MachineCapacity.check(raid(19750), sandboxInProcess = false, box, settings, sandboxHere = true, scale = 6.5)
        ()
      }
    )
    assertEquals(1, e.getMessage.linesIterator.size, e.getMessage)
    assertTrue(
      e.getMessage.startsWith("capacity: the sandbox JVM needs about 20,050 open files (one per connection and 300"),
      e.getMessage
    )
    assertTrue(e.getMessage.contains("may open 20,000 (ulimit -n"), e.getMessage)
    // 6.5 x (20,000 - 300) / 19,750 = 6.48.
    assertTrue(e.getMessage.contains("the largest scale that fits is 6.4 (-Dscale)"), e.getMessage)

    // x3 fits well within the limit; x6 (18,300 of 20,000) is close; against a sandbox elsewhere only the
    // injector's side counts.
    assertEquals(
      Nil,
      MachineCapacity.check(raid(9000), sandboxInProcess = false, box, settings, sandboxHere = true, scale = 3)
    )
    val x6 = MachineCapacity.check(raid(18000), sandboxInProcess = false, box, settings, sandboxHere = true, scale = 6)
    assertTrue(
      x6.exists(_.startsWith("capacity: close to the limit: the sandbox JVM needs about 18,300 open files")),
      x6.mkString("\n")
    )
    val Seq(close) = MachineCapacity.check(raid(18000), sandboxInProcess = false, box, settings, scale = 6): @unchecked
    assertTrue(close.startsWith("capacity: close to the limit: the plan needs about 18,200 open files"), close)
  }
}
