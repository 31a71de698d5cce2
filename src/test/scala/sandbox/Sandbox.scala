package sandbox

// Standalone, until Ctrl-C (settings from sandbox.conf, overridable with -Dsandbox...):
//   mvn -q test-compile exec:java -Dexec.mainClass=sandbox.Sandbox -Dsandbox.raid.port=18080

import java.net.InetSocketAddress
import java.util.concurrent.CountDownLatch
import java.util.concurrent.atomic.AtomicBoolean

import scala.util.control.NonFatal

import com.github.tomakehurst.wiremock.WireMockServer

/** A running sandbox: the RAiD API stand-in and the external-system stubs it calls. */
final class RunningSandbox private[sandbox] (
    val settings: SandboxSettings,
    stubs: WireMockServer,
    raid: RaidStandIn
) extends AutoCloseable {
  private val closed = new AtomicBoolean(false)

  /** e.g. http://127.0.0.1:41234 — the RAiD API lives under /raid/. */
  val raidBaseUrl: String = s"http://${Sandbox.urlHost(settings.host)}:${raid.port}"

  /** e.g. http://127.0.0.1:41235 — /apids/..., /orcid/v3.0/..., /ror/v2/... */
  val stubsBaseUrl: String = s"http://${Sandbox.urlHost(settings.host)}:${stubs.port}"

  /** The stand-ins' base URLs by system key, as the simulations name the systems. */
  def baseUrls: Map[String, String] = Map("raid" -> raidBaseUrl)

  /** Raids currently held, seeded and minted. */
  def raidCount: Int = raid.store.size

  /** Stops both servers, releasing their ports and threads. Safe to call more than once. */
  override def close(): Unit =
    if (closed.compareAndSet(false, true)) {
      try raid.close()
      finally stubs.stop()
    }
}

object Sandbox {

  /** Starts WireMock with the stub mappings, then the RAiD stand-in pointing at it.
    * Each call starts an independent sandbox (port 0 picks free ports, so several can coexist);
    * if anything fails to start, what did start is stopped again.
    */
  def start(settings: SandboxSettings): RunningSandbox = {
    val stubs = ExternalStubs.start(settings.host, settings.stubs)
    try {
      val raid = RaidStandIn.start(settings.host, settings.raid, new InetSocketAddress(settings.host, stubs.port))
      new RunningSandbox(settings, stubs, raid)
    } catch {
      case NonFatal(e) =>
        stubs.stop()
        throw e
    }
  }

  def main(args: Array[String]): Unit = {
    val sandbox =
      try start(SandboxSettings.load())
      catch {
        case e: SandboxConfigException =>
          System.err.println(e.getMessage)
          sys.exit(2)
      }
    val stopped = new CountDownLatch(1)
    Runtime.getRuntime.addShutdownHook(new Thread(() => {
      sandbox.close()
      stopped.countDown()
    }))
    println(s"RAiD API stand-in: ${sandbox.raidBaseUrl}/raid/  (${sandbox.raidCount} seeded raids)")
    println(s"External stubs:    ${sandbox.stubsBaseUrl}  (delay ${describe(sandbox.settings.stubs)})")
    println("Tokens: Authorization: Bearer sandbox.<servicePointId>.<anything>. Ctrl-C stops.")
    stopped.await()
  }

  private def describe(stubs: StubSettings): String = {
    def one(delay: StubDelay) = delay match {
      case StubDelay.Fixed(ms)                => s"fixed $ms ms"
      case StubDelay.Uniform(lower, upper)    => s"uniform $lower-$upper ms"
      case StubDelay.LogNormal(median, sigma) => s"lognormal median $median ms, sigma $sigma"
    }
    (one(stubs.delay) +: stubs.delayOverrides.toList.sortBy(_._1).map { case (name, d) => s"$name: ${one(d)}" })
      .mkString("; ")
  }

  private[sandbox] def urlHost(host: String): String = if (host.contains(":")) s"[$host]" else host
}
