package profiles.capacity

import results.model.InjectorFigures

/** The injector's own health over a stretch of the run: a capacity step's judged window, so that the side a
  * failing step gave out on is judged on that step, not on the whole run (whose later, heavier steps may have
  * starved the injector when the one that failed did not).
  */
trait InjectorWatch {

  /** Starts measuring: what is returned gives the figures from now to when it is called. */
  def from(): () => InjectorFigures
}
