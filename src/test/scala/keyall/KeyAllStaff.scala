package keyall

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{ Files, Paths }

/** Synthetic back-office staff accounts, derived from their row number alone, so the feeder regenerates
  * byte for byte: `mvn -q test-compile exec:java -Dexec.classpathScope=test -Dexec.mainClass=keyall.KeyAllStaff`.
  * Every virtual user is a different account, so the file holds more than the largest profile's 10,000
  * users (the margin lets a run be scaled up a little); the sandbox's passwords say they are local only.
  */
object KeyAllStaff {
  val Accounts = 12000

  val Columns: Seq[String] = Seq("username", "password")

  def account(n: Int): Seq[String] = Seq(username(n), f"sandbox.$n%05d.local-only")

  def username(n: Int): String = f"keyall.staff.$n%05d"

  /** The usernames of the first `n` accounts. */
  def accounts(n: Int): Seq[String] = (1 to n).map(username)

  def main(args: Array[String]): Unit = {
    val file = Paths.get(args.headOption.getOrElse("src/test/resources/feeders/key-all")).resolve("staff.csv")
    val lines = Columns.mkString(",") +: (1 to Accounts).map(account(_).mkString(","))
    Files.writeString(file, lines.mkString("", "\n", "\n"), UTF_8)
  }
}
