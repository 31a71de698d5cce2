package testkit

import java.net.URI
import java.net.http.{ HttpClient, HttpRequest, HttpResponse }
import java.net.http.HttpRequest.BodyPublishers

import com.typesafe.config.ConfigFactory
import sandbox.{ RunningSandbox, Sandbox, SandboxSettings, StandIn }
import config.ConfigFiles

/** Starts a sandbox for the given systems as a run would: their systems/<key>.conf, then `hocon` over it. */
object SandboxTestKit {
  def start(hocon: String, systems: (String, StandIn)*): RunningSandbox = {
    val files = systems.map { case (key, _) => ConfigFactory.parseResources(ConfigFiles.systemFile(key)) }
    val config = files.foldLeft(ConfigFactory.parseString(hocon))(_ withFallback _)
    Sandbox.start(SandboxSettings.fromConfig(config), systems, systems.map(_._1))
  }

  def withSandbox[T](hocon: String, systems: (String, StandIn)*)(test: RunningSandbox => T): T = {
    val sandbox = start(hocon, systems: _*)
    try test(sandbox)
    finally sandbox.close()
  }

  private lazy val http = HttpClient.newHttpClient()

  /** One request to a stand-in as a browser's form would send it: a GET, or a POST of `form`, with a cookie. */
  def send(
      url: String,
      method: String,
      cookie: Option[String] = None,
      form: String = ""
  ): HttpResponse[String] = {
    val request = HttpRequest
      .newBuilder(URI.create(url))
      .method(method, if (method == "GET") BodyPublishers.noBody() else BodyPublishers.ofString(form))
      .header("Content-Type", "application/x-www-form-urlencoded")
    cookie.foreach(c => request.header("Cookie", c))
    http.send(request.build(), HttpResponse.BodyHandlers.ofString())
  }
}
