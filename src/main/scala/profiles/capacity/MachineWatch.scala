package profiles.capacity

import results.model.MachineFigures

/** The machine the injector runs on over a capacity step's judged window, so that a step that fell short while
  * other work kept the machine busy is not blamed on the system.
  */
trait MachineWatch {

  /** Starts measuring: what is returned gives the figures from now to when it is called (None where the
    * machine does not tell: no /proc).
    */
  def from(): () => Option[MachineFigures]
}
