package suite

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class MachineCapacityTest {
  private val settings =
    CapacitySettings(check = true, heapPerUserKb = 64, sharedConnectionsShare = 0.25, warnAtPercent = 80)
  private val box = MachineLimits(Some(20000), Some(200), maxHeapBytes = 4L << 30, localPorts = Some(28232))
  private def users(n: Long, shared: Boolean = false) = Seq(SystemDemand("raid", Some(n), shared))

  @Test def theIssuesRunDoesNotFitWithTheSandboxInProcess(): Unit = {
    // RAiD at 4x its reference: about 12,000 concurrent users; 12,000 x 4 + 200 open > 20,000.
    val e = assertThrows(
      classOf[InputError],
      () => { MachineCapacity.check(users(12000), sandboxInProcess = true, box, settings); () }
    )
    assertTrue(
      e.getMessage.startsWith("capacity: the plan needs about 48,200 open files (12,000 concurrent users"),
      e.getMessage
    )
    assertTrue(e.getMessage.contains("this process may open 20,000 (ulimit -n)"), e.getMessage)
    assertTrue(e.getMessage.contains("-Dtarget=standalone-sandbox"), e.getMessage)
  }

  @Test def theSameUsersFitAgainstARemoteTargetOrSharingConnections(): Unit = {
    assertEquals(Nil, MachineCapacity.check(users(12000), sandboxInProcess = false, box, settings))
    // Shared: 12,000 x 0.25 = 3,000 connections x 4 + 200 = 12,200, within 80 % of 20,000.
    assertEquals(Nil, MachineCapacity.check(users(12000, shared = true), sandboxInProcess = true, box, settings))
  }

  @Test def closeToALimitIsAWarning(): Unit = {
    // 4,500 x 4 + 200 = 18,200 open files: 91 % of 20,000.
    val Seq(warning) = MachineCapacity.check(users(4500), sandboxInProcess = true, box, settings): @unchecked
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
    // RAiD x6: 18,000 users, a tenth of their time on a stub: 18,000 x 1.2 + 300 = 21,900 > 20,000.
    def raid(users: Long) = Seq(SystemDemand("raid", Some(users), sharedConnections = false, stubCallShare = 0.1))
    val e = assertThrows(
      classOf[InputError],
      () => {
        MachineCapacity.check(raid(18000), sandboxInProcess = false, box, settings, sandboxHere = true, scale = 6); ()
      }
    )
    assertEquals(1, e.getMessage.linesIterator.size, e.getMessage)
    assertTrue(e.getMessage.startsWith("capacity: the sandbox JVM needs about 21,900 open files"), e.getMessage)
    assertTrue(e.getMessage.contains("may open 20,000 (ulimit -n"), e.getMessage)
    // 6 x (20,000 - 300) / 21,600 = 5.47.
    assertTrue(e.getMessage.contains("the largest scale that fits is 5.4 (-Dscale)"), e.getMessage)

    // x3 fits well within the limit; against a sandbox elsewhere only the injector's side counts.
    assertEquals(
      Nil,
      MachineCapacity.check(raid(9000), sandboxInProcess = false, box, settings, sandboxHere = true, scale = 3)
    )
    val Seq(close) = MachineCapacity.check(raid(18000), sandboxInProcess = false, box, settings, scale = 6): @unchecked
    assertTrue(close.startsWith("capacity: close to the limit: the plan needs about 18,200 open files"), close)
  }
}
