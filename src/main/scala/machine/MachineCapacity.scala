package machine

import config.{ InputError, Settings }

import java.lang.management.ManagementFactory
import java.nio.file.{ Files, Paths }

import scala.util.Try

/** What this process may use: open files (`ulimit -n`) and those already open, heap, and the local port
  * range each target address's connections draw from. None where the platform does not tell.
  */
final case class MachineLimits(
    maxDescriptors: Option[Long],
    openDescriptors: Option[Long],
    maxHeapBytes: Long,
    localPorts: Option[Long]
)

object MachineLimits {
  def current(): MachineLimits = {
    val unix = ManagementFactory.getOperatingSystemMXBean match {
      case os: com.sun.management.UnixOperatingSystemMXBean => Some(os)
      case _                                                => None
    }
    MachineLimits(
      unix.map(_.getMaxFileDescriptorCount),
      unix.map(_.getOpenFileDescriptorCount),
      Runtime.getRuntime.maxMemory,
      Try(Files.readString(Paths.get("/proc/sys/net/ipv4/ip_local_port_range")).trim.split("\\s+").map(_.toLong))
        .toOption
        .collect { case Array(low, high) => high - low + 1 }
    )
  }
}

/** One system's part of the plan: its expected peak of concurrent users (None when the profile cannot
  * say), and whether they share one connection pool.
  */
final case class SystemDemand(key: String, peakUsers: Option[Long], sharedConnections: Boolean)

/** The `capacity` block of application.conf: the per-user costs the estimate assumes. */
final case class CapacitySettings(
    check: Boolean,
    heapPerUserKb: Long,
    sharedConnectionsShare: Double,
    warnAtPercent: Double
)

object CapacitySettings {
  def fromConfig(s: Settings): CapacitySettings =
    CapacitySettings(
      s.boolean("capacity.check"),
      s.long("capacity.heapPerUserKb", min = 0),
      s.double("capacity.sharedConnectionsShare", min = 0),
      s.double("capacity.warnAtPercent", min = 0)
    )
}

/** Checks, before any load, that this machine can carry the plan: a run that hits the injector's own
  * limits fails every request and blames the target for it. Each connection costs the injector one file
  * descriptor and, with the sandbox in the same JVM, one more: the stand-in's side of it (the stand-ins call
  * their stubs in-process). Each connection to one address takes a local port. A sandbox in its own JVM on
  * this machine (a target with `sandboxHere = true`) is held to the same limit (the JVMs are started from
  * one shell): it spends one descriptor per connection and a few hundred of its own.
  */
object MachineCapacity {
  private val SandboxDescriptorsPerConnection = 1
  private val SandboxJvmOwnDescriptors = 300L

  /** Throws an [[InputError]] naming the limit, the figure needed and what to do when the plan cannot fit;
    * returns warnings where it is close (over `warnAtPercent` of a limit) or cannot be estimated.
    */
  def check(
      demands: Seq[SystemDemand],
      sandboxInProcess: Boolean,
      limits: MachineLimits,
      settings: CapacitySettings,
      sandboxHere: Boolean = false,
      scale: Double = 1
  ): Seq[String] =
    if (!settings.check) Nil
    else {
      val unknown = demands.filter(_.peakUsers.isEmpty).map(d =>
        s"capacity: ${d.key}'s profile gives no count of its users (set its journeyDuration): not counted"
      )
      val users = demands.flatMap(_.peakUsers).sum
      def connections(d: SystemDemand) =
        d.peakUsers.fold(0L)(u => if (d.sharedConnections) math.ceil(u * settings.sharedConnectionsShare).toLong else u)
      val perConnection = 1 + (if (sandboxInProcess) SandboxDescriptorsPerConnection else 0)
      val descriptors = limits.openDescriptors.getOrElse(0L) + demands.map(connections).sum * perConnection
      val why =
        if (sandboxInProcess)
          "the injector's and the in-process sandbox's sides of each connection"
        else "one per connection"
      val remedies = Seq(
        Option.when(sandboxInProcess)("run the sandbox in its own JVM (-Dtarget=standalone-sandbox)"),
        Some("share connections (<system>.shareConnections = true) where its real clients do"),
        Some("split the load over more injectors (-Dshard=i/n)")
      ).flatten.mkString(", ")
      val fileLimit = limits.maxDescriptors.map(max =>
        Need(
          descriptors,
          max,
          f"capacity: the plan needs about $descriptors%,d open files ($users%,d concurrent users, $perConnection per connection: $why), " +
            f"and this process may open $max%,d (ulimit -n): raise it (ulimit -n ${descriptors * 2}%d), $remedies"
        )
      )
      val heap = users * settings.heapPerUserKb * 1024
      val heapLimit = Need(
        heap,
        limits.maxHeapBytes,
        f"capacity: the plan needs about ${heap >> 20}%,d MB of heap ($users%,d users at ${settings.heapPerUserKb}%d KB, capacity.heapPerUserKb), " +
          f"and this JVM may use ${limits.maxHeapBytes >> 20}%,d MB: raise -Xmx, or split the load over more injectors (-Dshard=i/n)"
      )
      val portLimits = for {
        ports <- limits.localPorts.toSeq
        d <- demands if !d.sharedConnections
        users <- d.peakUsers
      } yield Need(
        users,
        ports,
        f"capacity: ${d.key} needs about $users%,d connections to one address, and this machine has $ports%,d local ports " +
          f"(net.ipv4.ip_local_port_range): share connections (${d.key}.shareConnections = true) or split the load over more injectors (-Dshard=i/n)"
      )
      val sandboxJvm = for {
        max <- limits.maxDescriptors if sandboxHere && !sandboxInProcess
      } yield {
        val served = demands.map(connections).sum
        val needed = SandboxJvmOwnDescriptors + served
        val fits = math.floor(10 * scale * (max - SandboxJvmOwnDescriptors) / math.max(1L, served).toDouble) / 10
        Need(
          needed,
          max,
          f"capacity: the sandbox JVM needs about $needed%,d open files (one per connection and " +
            f"$SandboxJvmOwnDescriptors%d of its own) and may open $max%,d (ulimit -n, as this one): the largest scale " +
            f"that fits is $fits%.1f (-Dscale); raise it (ulimit -n ${needed * 2}%d in both shells), or run the sandbox on another machine"
        )
      }
      val needs = fileLimit.toSeq ++ sandboxJvm ++ (heapLimit +: portLimits)
      needs.find(n => n.needed > n.available).foreach(n => throw new InputError(n.message))
      unknown ++ needs.filter(n => n.needed * 100.0 > n.available * settings.warnAtPercent).map(n =>
        s"${n.message.replaceFirst("capacity: ", "capacity: close to the limit: ")}"
      )
    }

  private final case class Need(needed: Long, available: Long, message: String)
}
