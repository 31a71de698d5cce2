package config

import java.nio.file.{ Files, Paths }

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** docs/configuration.md is what the configuration files say, lists every key they set, and names only keys
  * the unknown-setting check takes.
  */
class ConfigurationReferenceTest {
  private val page = Files.readString(Paths.get(ConfigurationReference.Page))

  /** The keys in the first column of the page's tables. */
  private val listed: Seq[String] = "(?m)^\\| `([^`]+)` \\|".r.findAllMatchIn(page).map(_.group(1)).toSeq

  @Test def thePageIsWhatTheFilesSay(): Unit =
    assertEquals(
      ConfigurationReference.render,
      page,
      s"${ConfigurationReference.Page} is stale: mvn -o -q test-compile exec:java -Dexec.mainClass=config.ConfigurationReference"
    )

  @Test def everyKeyIsListedOnce(): Unit =
    assertEquals(Nil, listed.diff(listed.distinct), "listed twice")

  /** Every value of every file is on the page, or its block is (a profile's keys come with its row). */
  @Test def everyKeyOfTheFilesIsListed(): Unit = {
    val files = KnownSettings.SuiteFiles ++ Seq("sandbox.conf", "results.conf", "gatling.conf") ++
      KnownSettings.allSystems.map(ConfigFiles.systemFile)
    val keys = files.flatMap(f => KnownSettings.paths(KnownSettings.parse(f))).map(KnownSettings.asProperty)
    val leaves = keys.filterNot(k => keys.exists(_.startsWith(k + ".")))
    val missing = leaves.filterNot(k => listed.exists(l => k == l || k.startsWith(l + ".")))
    assertEquals(Nil, missing, "keys of the files the page does not list")
  }

  /** The page names no key that the check refuses: both read the same files. */
  @Test def everyListedKeyIsTaken(): Unit = {
    val known = new KnownSettings(KnownSettings.allSystems)
    assertEquals(Nil, listed.filter(known.refuses), "listed, but refused by the unknown-setting check")
    assertTrue(listed.contains("scale") && listed.contains("raid.thinkTime"), page)
  }
}
