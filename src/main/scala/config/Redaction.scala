package config

import java.net.URLEncoder
import java.nio.charset.StandardCharsets.UTF_8
import java.util.concurrent.atomic.AtomicReference
import java.util.regex.Matcher

import scala.jdk.CollectionConverters._
import scala.util.matching.Regex

import com.typesafe.config.{ Config, ConfigValueType }

/** The one way the suite keeps credentials out of everything it prints or writes (log lines, the console,
  * run.json and the summaries): the secrets it knows are replaced by value wherever they appear, and any
  * credential is replaced by its form, known or not.
  *
  * Known by value: the values of settings with a secret name (`password`, `apiToken`), of environment
  * variables with a secret name (`EROLL_PASSWORD`, `RAID_API_TOKEN_20000001`), and of the variables a
  * setting `<secret name>Env` names (`passwordEnv = "KEYALL_DB_PASSWORD"`), with their `<name>_...` variants.
  *
  * By form: members and parameters with a secret name (`"password":"…"`, `apiToken -> …`, `?password=…`,
  * `token=…`), `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` header values, bearer
  * tokens, and the user-info of URLs (`https://user:…@host`).
  */
object Redaction {
  val Marker = "<redacted>"

  /** Shorter values are too common to replace wherever they appear (a `1` or a `true`); their forms still are. */
  val MinKnownLength = 6

  private val SecretWord = "(?:password|passwd|secret|token|api[_-]?key|authorization|credential|cookie|session[_-]?id)"

  /** A name with a secret word in it, but not `...Env`: such a setting names an environment variable. */
  private val SecretName = s"""[\\w.-]*$SecretWord[\\w.-]*(?<!env)"""

  private val Header =
    """(?i)(\b(?:proxy-)?authorization|\b(?:set-)?cookie)(\s*[:=]\s*)(?!["'])[^\r\n\]]+?(?=,\s+[\w-]+:\s|[\]\r\n]|\z)""".r

  // A quoted name's value is a quoted string (a JSON string, or one escaped inside another) or a bare word;
  // not an object's name (`cookies -> CookieJar(...)`): its parts are redacted by their own forms.
  private val Member = {
    val quote = """(?:\\?["'])?"""
    val value = """\\"(?:(?!\\").)*\\"|"(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&"'(){}\[\]<>]++(?!\()"""
    s"""(?i)($quote\\b$SecretName$quote\\s*(?:->|:|=)\\s*)(?:$value)""".r
  }

  // Gatling's request log lists the cookies sent, one a line under `cookies:`; its session holds them as
  // StoredCookie(name=value,...).
  private val CookieLines = """(?m)(^cookies:\r?\n)((?:\t[^\r\n]*(?:\r?\n|\z))+)""".r
  private val StoredCookie = """(\bStoredCookie\([^=,()\s]+=)[^,()\s]+""".r

  private val Bearer = """(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]+""".r

  private val UserInfo = """(?i)(\b[a-z][a-z0-9+.-]*://)([^/?#\s:@]+)(:[^/?#\s@]*)?@""".r

  private val HtmlText = """>([^<]+)<""".r

  // `&amp;` last, so that an escaped entity (`&amp;quot;`) stays text.
  private val HtmlEntities =
    Seq(
      "&quot;" -> "\"",
      "&#39;" -> "'",
      "&#x27;" -> "'",
      "&apos;" -> "'",
      "&lt;" -> "<",
      "&gt;" -> ">",
      "&amp;" -> "&"
    )

  private def escapeHtml(text: String): String =
    text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;")

  private val EnvironmentSecretName = s"(?i).*$SecretWord.*".r

  private val known = new AtomicReference[Seq[String]](
    searchable(sys.env.collect { case (name, value) if EnvironmentSecretName.matches(name) => value }.toSeq)
  )

  /** Whether a setting's value is a credential: its last part has a secret name that is not `...Env`. */
  def isSecretKey(key: String): Boolean = {
    val name = key.split('.').last
    name.matches(s"(?i)$SecretName")
  }

  /** Learns the secrets a run's settings hold or name (in `environment`), for [[redact]] to replace by value. */
  def learn(config: Config, environment: Map[String, String] = sys.env): Unit = {
    val settings = config.entrySet.asScala.toSeq.filter(_.getValue.valueType == ConfigValueType.STRING)
    val values = settings.collect { case e if isSecretKey(e.getKey) => e.getValue.unwrapped.toString }
    val variables = settings.map(e => e.getKey.split('.').last -> e.getValue.unwrapped.toString).collect {
      case (name, variable) if name.matches(s"(?i)[\\w-]*$SecretWord[\\w-]*env") => variable
    }
    val fromVariables = environment.collect {
      case (name, value) if variables.exists(v => name == v || name.startsWith(v + "_")) => value
    }
    known.updateAndGet(k => searchable(k ++ values ++ fromVariables))
    ()
  }

  /** `text` with every credential replaced by [[Marker]], the rest unchanged. */
  def redact(text: String): String = {
    val byValue = known.get.foldLeft(text)((t, secret) => t.replace(secret, Marker))
    val byHeader = Header.replaceAllIn(byValue, m => Matcher.quoteReplacement(m.group(1) + m.group(2) + Marker))
    val byCookies = StoredCookie.replaceAllIn(
      CookieLines.replaceAllIn(byHeader, m => Matcher.quoteReplacement(m.group(1) + cookieLines(m.group(2)))),
      m => Matcher.quoteReplacement(m.group(1) + Marker)
    )
    val byMember = Member.replaceAllIn(byCookies, m => Matcher.quoteReplacement(m.group(1) + quoted(m)))
    val byBearer = Bearer.replaceAllIn(byMember, m => Matcher.quoteReplacement(m.group(1) + Marker))
    UserInfo.replaceAllIn(byBearer, m => Matcher.quoteReplacement(userInfo(m)))
  }

  /** An HTML page (Gatling's report) as [[redact]] leaves text: each text between its tags is also read unescaped
    * (`{&quot;password&quot;:&quot;…&quot;}` is a quoted member), and escaped again where anything was replaced.
    */
  def redactHtml(html: String): String =
    HtmlText.replaceAllIn(
      redact(html),
      m => {
        val plain = HtmlEntities.foldLeft(m.group(1)) { case (t, (entity, char)) => t.replace(entity, char) }
        val redacted = redact(plain)
        Matcher.quoteReplacement(if (redacted == plain) m.matched else s">${escapeHtml(redacted)}<")
      }
    )

  /** A setting as the run shows and records it: a secret setting's value is the marker alone. */
  def redactSetting(key: String, value: String): String = if (isSecretKey(key)) Marker else redact(value)

  def redactSettings(settings: Map[String, String]): Map[String, String] =
    settings.map { case (key, value) => key -> redactSetting(key, value) }

  // A quoted value stays quoted: JSON stays JSON.
  private def quoted(m: Regex.Match): String = {
    val value = m.matched.substring(m.group(1).length)
    Seq("\\\"", "\"", "'").find(value.startsWith).fold(Marker)(quote => quote + Marker + quote)
  }

  private def cookieLines(lines: String): String =
    lines.split("(?<=\n)").map(line => s"\t$Marker${line.dropWhile(c => c != '\r' && c != '\n')}").mkString

  // The user name stays readable; alone before the @, it may be a token (https://<token>@host).
  private def userInfo(m: Regex.Match): String =
    if (m.group(3) != null) s"${m.group(1)}${m.group(2)}:$Marker@" else s"${m.group(1)}$Marker@"

  // Longest first, so that a secret holding another is replaced whole; URL-encoded too, as in a query.
  private def searchable(values: Seq[String]): Seq[String] =
    values.filter(_.length >= MinKnownLength).flatMap(v => Seq(v, URLEncoder.encode(v, UTF_8))).distinct
      .sortBy(-_.length)
}
