package profiles.capacity

import java.util.concurrent.atomic.{ AtomicInteger, AtomicLong }

/** Which users of a capacity run work, at the search's current multiple of the reference load. The run
  * injects the ceiling (`maxMultiple` x the reference) from its start, since Gatling fixes its injection then;
  * this decides, user by user, which of them send anything.
  *
  * Open shapes: arrival i is admitted when floor((i + 1) x share) > floor(i x share), share = multiple /
  * maxMultiple: of N arrivals at one multiple exactly floor(N x share) are admitted, evenly spread, so an
  * evenly spread ceiling stays evenly spread. Closed shapes: at most multiple x the reference's users hold a
  * place at once; the others wait for one. Multiples count in thousandths, so the thinning is exact.
  *
  * @param referenceUsers the closed reference's user count (None for an open reference)
  */
final class Admission(maxMultiple: Double, val referenceUsers: Option[Long]) {
  private val max = Admission.thousandths(maxMultiple)
  @volatile private var current = 0L
  @volatile private var over = false
  private val arrivals = new AtomicLong
  private val held = new AtomicInteger
  private val working = new AtomicLong

  /** From now on, admit this multiple of the reference load; 0 admits nobody (a drain). */
  def admit(multiple: Double): Unit = current = math.min(Admission.thousandths(multiple), max)

  /** The search is over: nobody is admitted again, and waiting users leave. */
  def end(): Unit = { current = 0; over = true }

  def ended: Boolean = over

  /** Users admitted and not yet ended. */
  def active: Long = working.get

  /** An open arrival: whether it works. */
  def arrive(): Boolean = {
    val share = current
    val i = arrivals.getAndIncrement()
    val admitted = (i + 1) * share / max > i * share / max
    if (admitted) working.incrementAndGet()
    admitted
  }

  /** The places open to closed users at the current multiple: multiple x the reference's users, at least one
    * while the multiple is above 0.
    */
  def places(multiple: Double): Long =
    referenceUsers.fold(0L)(users => if (multiple <= 0) 0L else math.max(1L, math.round(multiple * users)))

  /** A closed user asks for a place: whether it got one. */
  def enter(): Boolean = {
    val open = places(current / 1000.0)
    @annotation.tailrec
    def attempt(): Boolean = {
      val taken = held.get
      if (taken >= open) false
      else if (held.compareAndSet(taken, taken + 1)) true
      else attempt()
    }
    val entered = attempt()
    if (entered) working.incrementAndGet()
    entered
  }

  /** An admitted user ended (however its journey ended); a closed user gives its place back. */
  def left(): Unit = {
    working.decrementAndGet()
    if (referenceUsers.nonEmpty) { held.decrementAndGet(); () }
  }
}

object Admission {
  def thousandths(multiple: Double): Long = math.round(multiple * 1000)

  /** The closest two multiples can be and still admit differently: multiples count in thousandths. */
  val FinestMultiple = 0.001
}
