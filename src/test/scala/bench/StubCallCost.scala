package bench

import java.lang.management.ManagementFactory
import java.util.concurrent.{ CompletableFuture, TimeUnit }
import java.util.concurrent.atomic.AtomicReference

import io.netty.handler.codec.http.HttpMethod
import sandbox.{ StandIn, StandInHandler, StandInRequest, StandInResponse, StubClient }
import simulations.Systems
import testkit.SandboxTestKit

/** What one of the stand-ins' in-process stub calls costs the sandbox: the bytes allocated and the CPU time on
  * the calling thread (in a run, a stand-in's event loop) while WireMock matches the call and renders its
  * answer. Per call, over `calls` calls after three times as many to warm up, alternating RAiD's ORCID and ROR
  * validations (3 in 4 of its stub calls), with no delay; once with RAiD's stub mappings alone loaded, as in a
  * RAiD run, and once with those of every system that has any, as in a run of them all.
  *
  * StubCallCost [calls]
  */
object StubCallCost {
  private val Calls =
    Seq(
      "orcid-validate" -> "/orcid/v3.0/0000-0002-1825-0097/record",
      "ror-validate" -> "/ror/v2/organizations/038sjwq14"
    )

  def main(args: Array[String]): Unit = {
    val calls = args.headOption.fold(20000)(_.toInt)
    measure("RAiD's stub mappings", Seq("raid"), calls)
    // The sandbox loads the stub mappings of those of them that have any.
    measure("every system's stub mappings", Systems.mainJob.map(_.key), calls)
  }

  private def measure(label: String, systems: Seq[String], calls: Int): Unit = {
    val client = new AtomicReference[StubClient]
    // Stands in for every system only to be given the sandbox's stub client: the calls are made from here.
    val capture: StandIn = context => {
      client.set(context.stubs)
      new StandInHandler {
        override def handle(request: StandInRequest): CompletableFuture[StandInResponse] =
          CompletableFuture.completedFuture(StandInResponse(204, Vector.empty))
      }
    }
    SandboxTestKit.withSandbox("sandbox.stubs.delay.ms = 0", systems.map(_ -> capture): _*) { _ =>
      val stubs = client.get
      val threads = ManagementFactory.getThreadMXBean.asInstanceOf[com.sun.management.ThreadMXBean]
      def round(): (Long, Long) = {
        val bytes = threads.getCurrentThreadAllocatedBytes
        val cpu = threads.getCurrentThreadCpuTime
        val answers = (0 until calls).map { i =>
          val (stub, path) = Calls(i % Calls.size)
          stubs.call(stub, HttpMethod.GET, path)
        }
        val spent = (threads.getCurrentThreadAllocatedBytes - bytes, threads.getCurrentThreadCpuTime - cpu)
        answers.foreach(_.get(30, TimeUnit.SECONDS))
        spent
      }
      (1 to 3).foreach(_ => round())
      val (bytes, cpuNanos) = round()
      println(
        f"$label: ${bytes.toDouble / calls / 1024}%.1f KB allocated and ${cpuNanos.toDouble / calls / 1000}%.1f µs CPU a call ($calls%,d calls)"
      )
    }
  }
}
