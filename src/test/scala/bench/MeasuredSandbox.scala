package bench

import java.nio.file.Paths

import simulations.StandaloneSandbox

/** The standalone sandbox, recording its own CPU and heap (see [[JvmTimeline]]) to `-Dbench.timeline`
  * (default target/bench-sandbox-jvm.csv), so benchmarks read the sandbox's cost over their run's window.
  */
object MeasuredSandbox {
  def main(args: Array[String]): Unit = {
    JvmTimeline.start(Paths.get(sys.props.getOrElse("bench.timeline", "target/bench-sandbox-jvm.csv")))
    StandaloneSandbox.main(args)
  }
}
