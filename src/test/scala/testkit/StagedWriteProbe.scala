package testkit

import results.archive.RunArchive

import java.nio.file.{ Files, Paths }

import scala.io.StdIn

/** A JVM archiving a run folder (the first argument) through RunArchive.writeStaged that stops half-way, its
  * run.json written, until a line on its input lets it finish: another JVM's archive at work, or, killed, an
  * archive stopped half-way. StagedWriteTest starts it.
  */
object StagedWriteProbe {
  def main(args: Array[String]): Unit =
    RunArchive.writeStaged(Paths.get(args(0))) { staging =>
      Files.writeString(staging.resolve(RunArchive.RunJsonName), "{}")
      println("writing")
      StdIn.readLine()
      ()
    }
}
