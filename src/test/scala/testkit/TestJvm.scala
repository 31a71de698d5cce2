package testkit

import java.lang.management.ManagementFactory

import scala.jdk.CollectionConverters._

/** What the JVMs a test starts (forked Gatling runs, Maven, shard scripts' JVMs) take from the test JVM itself:
  * its JIT options, which the pom's argLine sets (the quick tier only: a JVM that lives seconds or minutes never
  * repays C2's CPU), and its temporary folder (see [[TestTempFolder]]). Read from this JVM's own arguments, so
  * the pom stays the one place that says them.
  */
object TestJvm {
  val options: Seq[String] =
    ManagementFactory.getRuntimeMXBean.getInputArguments.asScala
      .filter(o => o.startsWith("-XX:TieredStopAtLevel") || o.startsWith("-Djava.io.tmpdir="))
      .toSeq
}
