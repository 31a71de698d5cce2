package sandbox

import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder
import com.github.tomakehurst.wiremock.common.{ ClasspathFileSource, ConsoleNotifier }
import com.github.tomakehurst.wiremock.core.WireMockConfiguration
import com.github.tomakehurst.wiremock.http.{ ResponseDefinition, UniformDistribution }
import com.github.tomakehurst.wiremock.standalone.{ JsonFileMappingsSource, MappingsSource }
import com.github.tomakehurst.wiremock.stubbing.{ StubMapping, StubMappings }
import suite.InputError

/** In-process WireMock serving every system's external-system stubs: the mapping files under classpath
  * `stubs/<key>/mappings/`, the same files that deploy unchanged beside a real environment.
  */
private[sandbox] object ExternalStubs {

  /** Started with the mappings of `systems` and the configured delays applied; the caller stops it. */
  def start(host: String, settings: StubSettings, systems: Seq[String]): WireMockServer = {
    val options = WireMockConfiguration
      .options()
      .bindAddress(host)
      // Only the run's systems' mappings: WireMock's default source would scan everything under its root.
      .mappingSource(new SystemMappings(systems.filter(hasMappings)))
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

  private val Root = "stubs"

  /** Every system's mapping files; read-only (the sandbox never records or saves stubs). */
  private final class SystemMappings(systems: Seq[String]) extends MappingsSource {
    override def loadMappingsInto(mappings: StubMappings): Unit =
      systems.foreach(key =>
        new JsonFileMappingsSource(new ClasspathFileSource(s"$Root/$key/mappings"), null).loadMappingsInto(mappings)
      )
    override def save(mappings: java.util.List[StubMapping]): Unit = ()
    override def save(mapping: StubMapping): Unit = ()
    override def remove(mapping: StubMapping): Unit = ()
    override def removeAll(): Unit = ()
  }

  private def hasMappings(key: String): Boolean = getClass.getClassLoader.getResource(s"$Root/$key/mappings") != null

  /** Replaces each loaded mapping's delay with the configured one, so config wins over files. */
  private def applyDelays(server: WireMockServer, settings: StubSettings): Unit = {
    val mappings = server.getStubMappings.asScala.toList
    val names = mappings.flatMap(m => Option(m.getName)).toSet
    settings.delayOverrides.keys.filterNot(names).toList.sorted.headOption.foreach { unknown =>
      throw new InputError(
        s"sandbox.stubs.delayOverrides.$unknown: names no stub mapping (known: ${names.toList.sorted.mkString(", ")})"
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
