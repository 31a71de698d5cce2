package simulations

import java.nio.charset.StandardCharsets.ISO_8859_1
import java.nio.file.{ Files, Path }
import java.time.Duration
import java.util.UUID

import scala.jdk.CollectionConverters._
import scala.util.Using

import eroll.ERollRequests
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import testkit.{ ERollAndKeyAllSimulation, GatlingProcess }

/** A run with Gatling's request logging at TRACE, given one canary secret as eRoll's password (EROLL_PASSWORD,
  * sent in its JSON login), Key All's database password (KEYALL_DB_PASSWORD) and a `?password=` in Key All's
  * database URL (KEYALL_JDBC_URL, recorded as an override): the canary is in no file the run wrote (Gatling's
  * working copy, the archive), and in no line of its console, where its logging goes.
  */
class RedactionEndToEndTest {

  @Test def aCanarySecretLeavesNoTraceInTheRunsFilesOrConsole(): Unit = {
    val canary = s"canary-${UUID.randomUUID}"
    // The accounts the stand-in accepts have the canary as password; the journey's have none: it takes EROLL_PASSWORD.
    val accounts = Files.createTempDirectory("secrets-accounts-")
    val usernames = (1 to 9).map(n => f"eroll.staff.$n%05d")
    val standInStaff = Files.writeString(
      accounts.resolve("stand-in-staff.csv"),
      ("username,password" +: usernames.map(u => s"$u,$canary")).mkString("", "\n", "\n")
    )
    val journeyStaff = Files.writeString(
      accounts.resolve("staff.csv"),
      ("username,password" +: usernames.map(u => s"$u,")).mkString("", "\n", "\n")
    )
    // A PostgreSQL of the test's own; it trusts local connections, so any password in the URL is accepted.
    Using.resource(EmbeddedPostgres.builder().setPGStartupWait(Duration.ofSeconds(60)).start()) { postgres =>
      val databaseUrl = postgres.getJdbcUrl("postgres", "postgres")
      val run = GatlingProcess.withEnvironment(
        Map(
          "EROLL_PASSWORD" -> canary,
          "KEYALL_DB_PASSWORD" -> canary,
          "KEYALL_JDBC_URL" -> s"$databaseUrl&password=$canary",
          "GATLING_HTTP_LOG" -> "TRACE"
        ),
        classOf[ERollAndKeyAllSimulation],
        Seq(
          "sandbox.stubs.delay.ms" -> "0",
          "eroll.staff" -> journeyStaff.toString,
          "sandbox.eroll.staff" -> standInStaff.toString
        ) ++ Seq("DET", "SVD", "EROE5").map(q => s"sandbox.key-all.seed.$q.forms" -> "2000"): _*
      )
      val archived = run.archivedRun(600)
      val console = run.text

      // The canary was used: every login with it passed, and the requests were logged.
      assertEquals(9L, archived.requests(ERollRequests.Login).count, console)
      assertEquals(0L, archived.requests(ERollRequests.Login).ko, "the stand-in accepted the canary")
      assertTrue(console.contains("""/api/login"""), "Gatling logged the requests at TRACE")

      val leaks = console.linesIterator.zipWithIndex.collect {
        case (line, n) if line.contains(canary) => s"console line ${n + 1}: ${around(line, canary)}"
      }.toSeq ++ filesHolding(run.home, canary).map(f => s"file $f")
      assertTrue(
        leaks.isEmpty,
        s"the canary $canary in ${leaks.size} places; the first:\n${leaks.take(10).mkString("\n")}"
      )

      assertTrue(console.contains(""""password":"<redacted>""""), "the login's JSON body, redacted")
      val runJson = Files.readString(archived.runDir.resolve("run.json"))
      assertTrue(runJson.contains(s"$databaseUrl&password=<redacted>"), s"the URL readable in run.json: $runJson")
    }
  }

  private def around(line: String, text: String): String = {
    val at = line.indexOf(text)
    line.substring((at - 100).max(0), (at + text.length + 20).min(line.length))
  }

  /** Every file under `folder` whose bytes hold `text`, binary files too (Gatling's simulation.log). */
  private def filesHolding(folder: Path, text: String): Seq[Path] =
    Using.resource(Files.walk(folder))(_.iterator.asScala.filter(Files.isRegularFile(_)).toSeq).filter { file =>
      new String(Files.readAllBytes(file), ISO_8859_1).contains(text)
    }
}
