package sandbox

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder
import com.github.tomakehurst.wiremock.common.ConsoleNotifier
import com.github.tomakehurst.wiremock.core.WireMockConfiguration
import com.github.tomakehurst.wiremock.http.{ResponseDefinition, UniformDistribution}
import com.github.tomakehurst.wiremock.stubbing.StubMapping

/** In-process WireMock serving the mapping files under classpath `stubs/` (APIDS, ORCID, ROR). */
private[sandbox] object ExternalStubs {

  /** Started and with the configured delays applied; the caller stops it. */
  def start(host: String, settings: StubSettings): WireMockServer = {
    val options = WireMockConfiguration
      .options()
      .bindAddress(host)
      .usingFilesUnderClasspath("stubs")
      // Delays are scheduled on a few threads instead of parking a Jetty thread per request.
      .asynchronousResponseEnabled(true)
      .asynchronousResponseThreads(settings.asyncResponseThreads)
      // The journal would keep every request in memory for the whole run.
      .disableRequestJournal()
      .notifier(new ConsoleNotifier(false))
      // Longer than the stand-in's own idle close, so WireMock never drops a connection the
      // stand-in is about to reuse.
      .jettyIdleTimeout(StubClient.IdleCloseMillis * 5)
    val server = new WireMockServer(
      if (settings.port == 0) options.dynamicPort() else options.port(settings.port)
    )
    server.start()
    try {
      applyDelays(server, settings)
      server
    } catch {
      case NonFatal(e) =>
        server.stop()
        throw e
    }
  }

  /** Replaces each loaded mapping's delay with the configured one, so config wins over files. */
  private def applyDelays(server: WireMockServer, settings: StubSettings): Unit = {
    val mappings = server.getStubMappings.asScala.toList
    val names = mappings.flatMap(m => Option(m.getName)).toSet
    settings.delayOverrides.keys.filterNot(names).toList.sorted.headOption.foreach { unknown =>
      throw new SandboxConfigException(
        s"sandbox config: sandbox.stubs.delayOverrides.$unknown names no stub mapping " +
          s"(known: ${names.toList.sorted.mkString(", ")})"
      )
    }
    mappings.foreach { mapping =>
      val delay = Option(mapping.getName).flatMap(settings.delayOverrides.get).getOrElse(settings.delay)
      server.editStubMapping(withDelay(mapping, delay))
    }
  }

  private def withDelay(mapping: StubMapping, delay: StubDelay): StubMapping = {
    // Clear both kinds first: WireMock adds a fixed delay and a random one together.
    val base = ResponseDefinitionBuilder.like(mapping.getResponse).withFixedDelay(null).withRandomDelay(null)
    val response: ResponseDefinition = delay match {
      case StubDelay.Fixed(ms)                => base.withFixedDelay(ms).build()
      case StubDelay.Uniform(lower, upper)    => base.withRandomDelay(new UniformDistribution(lower, upper)).build()
      case StubDelay.LogNormal(median, sigma) => base.withLogNormalRandomDelay(median, sigma).build()
    }
    mapping.setResponse(response)
    mapping
  }
}
