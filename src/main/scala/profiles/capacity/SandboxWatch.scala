package profiles.capacity

/** The built-in sandbox's own added time over a capacity step's judged window, so that whether the sandbox,
  * not the system, explains a failing step's latency is judged on that step, not on the whole run.
  */
trait SandboxWatch {

  /** Starts counting: what is returned gives the counts (by "system: request", then range) from now to when it
    * is called.
    */
  def from(): () => Map[String, Map[String, Long]]
}

object SandboxWatch {

  /** A watch over counts that only grow: a window's are their growth over it. */
  def of(counts: () => Map[String, Map[String, Long]]): SandboxWatch = () => {
    val before = counts()
    () =>
      counts().map { case (key, byRange) =>
        val earlier = before.getOrElse(key, Map.empty[String, Long])
        key -> byRange.map { case (range, n) => range -> (n - earlier.getOrElse(range, 0L)) }
      }
  }
}
