package config

import java.nio.file.{ Files, Paths }

import scala.jdk.CollectionConverters._

import com.typesafe.config.{ Config, ConfigException, ConfigObject, ConfigRenderOptions, ConfigUtil, ConfigValue }
import text.MarkdownTable

/** docs/configuration.md, generated from the configuration files: every key they set, once, as it is given after -D, with its default
  * and the comment above it (or above its block), then the keys [[KnownSettings]] takes that no file sets and
  * the environment variables. `ConfigurationReferenceTest` fails when the page is not what this renders:
  * `mvn -o -q test-compile exec:java -Dexec.mainClass=config.ConfigurationReference` writes it again.
  */
object ConfigurationReference {
  val Page = "docs/configuration.md"

  private final case class Entry(key: String, default: String, meaning: String)

  /** Blocks of application.conf shown in their own group, not with the run-wide keys. */
  private val Monitoring = Seq("live", "graphite", "earlyStop", "injector")

  def render: String = {
    val systems = KnownSettings.allSystems
    val application = entries(ConfigFiles.Application)
    val (monitoring, runWide) = application.partition(e => Monitoring.contains(KnownSettings.firstPart(e.key)))
    val known = new KnownSettings(systems)
    val header = Seq(
      "# Configuration reference",
      "",
      "Generated from the configuration files by `config.ConfigurationReference` (`ConfigurationReferenceTest` fails",
      "when this page is not what the files say; `mvn -o -q test-compile exec:java -Dexec.mainClass=config.ConfigurationReference`",
      "writes it again). Every key can be set with `-Dkey=value` on the command line; a key of the suite that is none",
      "of those below stops the run before any load, naming the nearest known one:",
      "",
      "```",
      "ERROR: unknown setting 'scael'; did you mean 'scale'?",
      "```",
      "",
      "A key is the suite's when its first part is a top-level name of these files (or `suite`), or a letter or two",
      "from one; any other (`java.*`, `maven.*`, `user.*`, a library's) is left to the JVM, Maven, the Gatling plugin",
      "or the library. `gatling.<section>.*` keys must be Gatling's own (its defaults, or `gatling.conf` below);",
      "the Maven plugin's (`gatling.simulationClass`, `gatling.noReports`, ...) are left to it, but a letter or two",
      "from one of them (`gatling.simulationclass`) or from a section (`gatling.htpp.requestTimeout`) is refused",
      "the same way. Any other `gatling.*` key (Gatling Enterprise's) is left alone. A `LOADTEST_*` environment",
      "variable must be one listed at the end. Keys are written as they are given after `-D`: a name with spaces",
      "unquoted, the whole option quoted for the shell (`\"-Deol.mix.Enrol with passport=0\"`).",
      ""
    )
    val groups = Seq(
      section("Run-wide (application.conf)", runWide),
      section("Live view, monitoring and early stop (application.conf)", monitoring),
      section("Sandbox (sandbox.conf)", entries("sandbox.conf")),
      section(
        "Results and gate (results.conf, thresholds.conf)",
        entries("results.conf") ++ entries("thresholds.conf")
      ),
      section(
        "Gatling (gatling.conf)",
        entries("gatling.conf"),
        "The settings this suite changes from Gatling's defaults; any other key of Gatling's may be set too."
      ),
      section(
        "Load profiles (profiles.conf and each system's file)",
        systems.flatMap(profiles),
        "One row per profile; its keys, by type, are in `src/test/resources/profiles.conf` and may be set with " +
          "`-Dprofiles.<system>.<profile>.<key>=`. A profile's unknown key stops the run, naming the keys its type takes.",
        value = "type"
      )
    ) ++ systems.map(s =>
      section(
        s"System `$s` (systems/$s.conf)",
        entries(ConfigFiles.systemFile(s)).filterNot(e => KnownSettings.firstPart(e.key) == "profiles"),
        Option.when(Files.exists(Paths.get(s"docs/systems/$s.md")))(s"What it is: [docs/systems/$s.md](systems/$s.md).")
          .getOrElse("")
      )
    )
    (header ++ groups.flatten ++ unset ++ environment(known)).mkString("", "\n", "\n")
  }

  private def section(title: String, rows: Seq[Entry], note: String = "", value: String = "default"): Seq[String] = {
    val table = MarkdownTable(
      Seq("key", value, "meaning").map(MarkdownTable.text),
      rows.map(e => Seq(s"`${e.key}`", e.default, prose(e.meaning)))
    )
    Seq(s"## $title", "") ++ Option.when(note.nonEmpty)(Seq(note, "")).toSeq.flatten ++ Seq(table.render, "")
  }

  /** The keys taken that no file sets. */
  private def unset: Seq[String] =
    Seq(
      "## Keys no file sets",
      "",
      "Read when given (`config.KnownSettings`):",
      ""
    ) ++ KnownSettings.Optional.map { case (k, meaning) => s"- `$k`: $meaning" } ++
      KnownSettings.PerSystem.map(k => s"- `<system>.$k`, for every system (see docs/running.md)") ++
      Seq(
        "- `profiles.<system>.<profile>.*`, `thresholds.capacity.*`, `thresholds.defaults.*`, `thresholds.simulations.*`:",
        "  open, since their reader names an unknown key itself (by the profile's type, by the thresholds' limits)",
        "- `sandbox.<system>.faults.*` takes the keys of `sandbox.faults`; `sandbox.stubs.faultOverrides.<stub>.*` those of",
        "  `sandbox.stubs.faults`; `sandbox.stubs.delayOverrides.<stub>.*` those of `sandbox.stubs.delay`",
        "- `targets.<target>.<system>.*` takes the keys of `<system>` and `baseUrl`; a target of one's own,",
        "  `targets.<name>.*`, the keys the targets above have",
        "- `results.deployedVersion.<system>.*` takes the keys of `results.deployedVersion`: where that system, deployed",
        "  on its own, tells the version it runs (docs/history.md); the others keep the target's",
        "",
        "Set by the launch (the pom, deploy/shard.sh, the tests), not by hand:",
        ""
      ) ++ KnownSettings.Launch.map(k => s"- `$k`") :+ ""

  private def environment(known: KnownSettings): Seq[String] = {
    val fromFiles = (KnownSettings.SuiteFiles ++ KnownSettings.allSystems.map(ConfigFiles.systemFile))
      .flatMap(f => KnownSettings.variablesIn(f).map(_ -> f))
    Seq(
      "## Environment variables",
      "",
      "`LOADTEST_*` variables, read by the files or by the deploy scripts (deploy/); secrets and base URLs of each",
      "system's `demo` target are read from the variables its file names.",
      ""
    ) ++ known.environmentVariables.map { name =>
      val where = fromFiles.filter(_._1 == name).map(_._2).distinct
      s"- `$name`: ${if (where.nonEmpty) where.mkString(", ") else "deploy/ scripts"}"
    }
  }

  private def profiles(system: String): Seq[Entry] = {
    val raw = KnownSettings.parse(ConfigFiles.systemFile(system))
    val file = KnownSettings.resolvedWithin(raw)
    val path = s"profiles.$system"
    if (!file.hasPathOrNull(path)) Nil
    else
      file.getObject(path).keySet.asScala.toSeq.sorted.map { name =>
        val value = file.getObject(path).get(name)
        val (kind, description) =
          try value match {
              case block: ConfigObject =>
                def field(k: String) = Option(block.get(k)).map(v => String.valueOf(v.unwrapped)).getOrElse("")
                (field("type"), field("description"))
              case other => ("", String.valueOf(other.unwrapped))
            }
          catch { case _: ConfigException.NotResolved => ("", s"another system's profile: ${render(value)}") }
        // A profile made from another (`${profiles.<system>.<profile>} { ... }`) resolves with the other's
        // comment: its own, when it has one, says what it changes.
        val own = comments(raw.getObject(path).get(name))
        Entry(
          s"$path.$name",
          Option(kind).filter(_.nonEmpty).fold("")(k => s"`$k`"),
          Seq(description, if (own.nonEmpty) own else comments(value)).filter(_.nonEmpty).mkString("; ")
        )
      }
  }

  /** Every value a file sets (not the files it includes), in the file's order, with the comment above it; a
    * block with a comment above it has a row of its own, before its keys.
    */
  private def entries(resource: String): Seq[Entry] = {
    val raw = KnownSettings.parse(resource)
    val resolved = KnownSettings.resolvedWithin(raw)
    def walk(prefix: String, obj: ConfigObject): Seq[Entry] =
      obj.keySet.asScala.toSeq.map(name => name -> obj.get(name)).sortBy(_._2.origin.lineNumber).flatMap {
        case (name, value) =>
          val key = if (prefix.isEmpty) ConfigUtil.joinPath(name) else s"$prefix.${ConfigUtil.joinPath(name)}"
          val own = Option(value.origin.resource).forall(_ == resource)
          value match {
            case block: ConfigObject if !block.isEmpty && isResolved(block) =>
              val heading = comments(block)
              Option.when(own && heading.nonEmpty)(Entry(KnownSettings.asProperty(key), "", heading)).toSeq ++ walk(
                key,
                block
              )
            case _ if own => Seq(Entry(KnownSettings.asProperty(key), default(key, value, resolved), comments(value)))
            case _        => Nil
          }
      }
    walk("", raw.root)
  }

  /** The value with the file's own substitutions made, and the environment variable that replaces it, if any. */
  private def default(key: String, raw: ConfigValue, resolved: Config): String = {
    val value =
      try render(resolved.getValue(key))
      catch { case _: ConfigException => render(raw) }
    val variables = """\$\{\?([A-Za-z0-9_]+)\}""".r.findAllMatchIn(render(raw)).map(_.group(1)).toSeq
    (s"`${oneLine(value)}`" +: variables.map(v => s"(env `$v`)")).mkString(" ")
  }

  private def isResolved(block: ConfigObject): Boolean =
    try { block.keySet; true }
    catch { case _: ConfigException.NotResolved => false }

  private def comments(value: ConfigValue): String =
    value.origin.comments.asScala.map(_.trim).filter(_.nonEmpty).mkString(" ")

  private def render(value: ConfigValue): String = value.render(ConfigRenderOptions.concise())

  /** A cell's text on one line ([[MarkdownTable]] escapes its `|`). */
  private def oneLine(text: String): String = text.replace("\n", " ")

  // Outside a code span a `<system>` would be read as an HTML tag, and vanish.
  private def prose(text: String): String =
    oneLine(text).split("`", -1).zipWithIndex.map { case (part, i) =>
      if (i % 2 == 0) part.replace("<", "&lt;") else part
    }
      .mkString("`")

  def main(args: Array[String]): Unit = {
    val target = Paths.get(args.headOption.getOrElse(Page))
    Files.writeString(target, render)
    println(s"wrote $target")
  }
}
