package testkit

import signals.ParentWatch

/** A JVM that watches its parent and then idles for a minute; ParentWatchTest kills its parent. */
object ParentWatchProbe {
  def main(args: Array[String]): Unit = {
    ParentWatch.start(() => sys.exit(ParentWatch.ExitStatus))
    println("watching")
    Thread.sleep(60000)
    sys.exit(0)
  }
}
