package text

import java.text.{ DecimalFormat, DecimalFormatSymbols }
import java.time.Instant
import java.util.Locale

/** How every renderer (summary.md, run.html and the site, junit.xml, the console, the live page) writes
  * figures and times, so the same figure reads the same everywhere.
  */
object Formats {
  // Gatling's report formats numbers with this pattern, so pasted figures read the same.
  private val GatlingNumber = new DecimalFormat("###.##", DecimalFormatSymbols.getInstance(Locale.ENGLISH))

  /** A figure as Gatling's report writes it: at most two decimals, none when whole ("12.5", "3"). */
  def number(value: Double): String = GatlingNumber.format(value)

  /** A measured or allowed value of a check: whole numbers as they are, others with two decimals ("2.50"). */
  def checkValue(value: Double): String =
    if (value == math.rint(value) && math.abs(value) < 1e15) value.toLong.toString else f"$value%.2f"

  /** A check's figure on the live page, with thousands separators and its unit's decimals and suffix: "3,120 ms",
    * "2.50 %", "12.3 /s".
    */
  def live(value: Double, decimals: Int, suffix: String): String = s"%,.${decimals}f".format(value) + suffix

  /** A multiple of a reference load: "4.3x", "8x", "2.25x". */
  def multiple(m: Double): String =
    BigDecimal(m).setScale(2, BigDecimal.RoundingMode.HALF_UP).bigDecimal.stripTrailingZeros.toPlainString + "x"

  /** A load in its unit: "215 new users/s", "1,000 users", "2.5 new users/s". */
  def load(value: Double, unit: String): String =
    (if (value >= 100 || value == math.rint(value)) String.format(Locale.ROOT, "%,.0f", Double.box(value))
     else String.format(Locale.ROOT, "%.1f", Double.box(value))) + s" $unit"

  /** Transactions per hour on the console: one decimal ("6480.0"). */
  def perHour(value: Double): String = f"$value%.1f"

  /** An Apdex score, or "-" where no request was sampled. */
  def apdex(score: Option[Double]): String = score.fold("-")(s => f"$s%.2f")

  /** A time in UTC to the second, as the site and the systems' sections show it: "2026-05-01 12:00:00". */
  def utc(epochMs: Long): String =
    Instant.ofEpochMilli(epochMs).toString.replace("T", " ").replaceAll("\\.\\d+Z$|Z$", "")

  /** The time of day in UTC, to the second: "12:00:05". */
  def timeOfDay(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString.substring(11, 19)

  /** A time in UTC as ISO 8601 without its zone letter, as junit.xml's timestamp: "2026-05-01T12:00:00". */
  def isoLocal(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString.stripSuffix("Z")

  /** A time in UTC to the millisecond it was logged (whole seconds without it), as summary.md shows it. */
  def utcAsLogged(epochMs: Long): String = Instant.ofEpochMilli(epochMs).toString.replace("T", " ").replace("Z", "")

  /** `value` to `digits` decimals, half up: a stored figure keeps what its page shows. */
  def round(value: Double, digits: Int): Double =
    BigDecimal(value).setScale(digits, BigDecimal.RoundingMode.HALF_UP).toDouble
}
