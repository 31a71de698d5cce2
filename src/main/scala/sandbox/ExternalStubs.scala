package sandbox

import java.util.{ Optional, UUID }
import java.util.concurrent.ConcurrentHashMap
import java.util.function.Consumer

import scala.concurrent.duration.FiniteDuration
import scala.jdk.CollectionConverters._
import scala.util.control.NonFatal

import com.github.tomakehurst.wiremock.WireMockServer
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder
import com.github.tomakehurst.wiremock.common.{ ClasspathFileSource, ConsoleNotifier, FileSource }
import com.github.tomakehurst.wiremock.core.WireMockConfiguration
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2
import com.github.tomakehurst.wiremock.http.{ Fault => WireMockFault, Request, ResponseDefinition, UniformDistribution }
import com.github.tomakehurst.wiremock.matching.RequestMatcherExtension
import com.github.tomakehurst.wiremock.standalone.{ JsonFileMappingsSource, MappingsSource }
import com.github.tomakehurst.wiremock.store.{ DefaultStores, StubMappingStore }
import com.github.tomakehurst.wiremock.stubbing.{ ServeEvent, StubMapping, StubMappings, SubEvent }
import io.netty.channel.EventLoopGroup
import config.InputError

/** The running WireMock and the faults its stubs inject. */
private[sandbox] final class RunningStubs(val server: WireMockServer, faults: StubFaults, inProcess: InProcessStubs) {

  /** A client that calls these stubs in-process, its delays and timeouts run on `group`. */
  def client(group: EventLoopGroup, timeout: FiniteDuration): StubClient = inProcess.client(group, timeout)

  /** The faults each stub injected so far, by mapping name. */
  def injectedFaults: Map[String, Map[Fault, Long]] = faults.counts
}

/** In-process WireMock serving every system's external-system stubs: the mapping files under classpath
  * `stubs/<key>/mappings/`, the same files that deploy unchanged beside a real environment.
  */
private[sandbox] object ExternalStubs {

  /** Started with the mappings of `systems` and the configured delays and faults applied; the caller stops
    * its server.
    */
  def start(host: String, settings: StubSettings, systems: Seq[String]): RunningStubs = {
    val faults = new StubFaults(settings)
    val inProcess = new InProcessStubs
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
      // Otherwise every call is formatted into a log line (its request, matched mapping and answer as JSON)
      // that the quiet notifier then drops: a tenth of the sandbox's CPU at RAiD x6 (JFR, 2026-11-25).
      .stubRequestLoggingDisabled(true)
      .notifier(new ConsoleNotifier(false))
      .httpServerFactory(inProcess)
      .extensions(faults)
    options.withStores(new StubMappingsByName.Stores(options.filesRoot()))
    val server = new WireMockServer(
      if (settings.port == 0) options.dynamicPort() else options.port(settings.port)
    )
    server.start()
    try {
      applyDelays(server, settings)
      new RunningStubs(server, faults, inProcess)
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
    Seq("delayOverrides" -> settings.delayOverrides.keySet, "faultOverrides" -> settings.faultOverrides.keySet)
      .foreach { case (block, overridden) =>
        overridden.filterNot(names).toList.sorted.headOption.foreach { unknown =>
          throw new InputError(
            s"sandbox.stubs.$block.$unknown",
            s"names no stub mapping (known: ${names.toList.sorted.mkString(", ")})"
          )
        }
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

/** Injects each stub's faults (`sandbox.stubs.faults`, per stub `faultOverrides`) into its answers, with
  * WireMock's own faults where it has them, and counts them per stub.
  */
private[sandbox] final class StubFaults(settings: StubSettings) extends ResponseDefinitionTransformerV2 {
  // One plan per stub, each with its own counts, even where they share the settings of `faults`.
  private val plans = new ConcurrentHashMap[String, FaultPlan]

  /** Past the stand-in's call timeout, so its stub client gives up first and answers 504; only just past,
    * as WireMock's stop still sends the delayed answers that are due (its executor's `shutdown`).
    */
  private val noAnswerMillis = millis(settings.callTimeout.toMillis + 1000)

  override def getName: String = "sandbox-stub-faults"

  override def applyGlobally(): Boolean = true

  override def transform(event: ServeEvent): ResponseDefinition = {
    val response = event.getResponseDefinition
    Option(event.getStubMapping).flatMap(m => Option(m.getName)).map(plan)
      .flatMap(stubPlan => stubPlan.draw().map(inject(response, _, stubPlan.slowDelay)))
      .getOrElse(response)
  }

  def counts: Map[String, Map[Fault, Long]] =
    plans.asScala.toMap.map { case (stub, plan) => stub -> plan.counts }.filter(_._2.nonEmpty)

  private def plan(stub: String): FaultPlan =
    plans.computeIfAbsent(stub, _ => settings.faultOverrides.getOrElse(stub, settings.faults).copy())

  private def inject(response: ResponseDefinition, fault: Fault, slowDelay: FiniteDuration): ResponseDefinition =
    fault match {
      case Fault.ServerError =>
        delayedAs(
          response,
          ResponseDefinitionBuilder.responseDefinition().withStatus(503).withBody("sandbox fault: injected 503")
        )
      case Fault.Reset     => injected(response, WireMockFault.CONNECTION_RESET_BY_PEER)
      case Fault.Malformed => injected(response, WireMockFault.MALFORMED_RESPONSE_CHUNK)
      case Fault.Empty     => injected(response, WireMockFault.EMPTY_RESPONSE)
      case Fault.Slow      =>
        val fixed = Option(response.getFixedDelayMilliseconds).fold(0L)(_.toLong)
        ResponseDefinitionBuilder.like(response).withFixedDelay(millis(fixed + slowDelay.toMillis)).build()
      case Fault.NoAnswer =>
        ResponseDefinitionBuilder.like(response).withFixedDelay(noAnswerMillis).withRandomDelay(null).build()
    }

  private def injected(response: ResponseDefinition, fault: WireMockFault): ResponseDefinition =
    delayedAs(response, ResponseDefinitionBuilder.responseDefinition().withFault(fault))

  /** `faulty`, after the delay the stub's normal answer would have had. */
  private def delayedAs(response: ResponseDefinition, faulty: ResponseDefinitionBuilder): ResponseDefinition =
    faulty.withFixedDelay(response.getFixedDelayMilliseconds).withRandomDelay(response.getDelayDistribution).build()

  /** WireMock takes delays as an Integer of milliseconds. */
  private def millis(ms: Long): Int = math.min(ms, Int.MaxValue.toLong).toInt
}

/** WireMock's store of stub mappings, but an in-process call that names its stub ([[StubClient.StubHeader]]) is
  * matched against that mapping alone, not against every mapping in turn: WireMock's matching was a third of
  * the sandbox's allocation at RAiD x6 (JFR, 2026-11-25: a queue with two locks for every match result, for
  * every mapping tried). A request on the stubs' port names none and is matched as WireMock matches it.
  */
private[sandbox] final class StubMappingsByName(all: StubMappingStore) extends StubMappingStore {
  override def getAll: java.util.stream.Stream[StubMapping] = all.getAll
  override def get(id: UUID): Optional[StubMapping] = all.get(id)
  override def add(mapping: StubMapping): Unit = all.add(mapping)
  override def replace(existing: StubMapping, updated: StubMapping): Unit = all.replace(existing, updated)
  override def remove(mapping: StubMapping): Unit = all.remove(mapping)
  override def clear(): Unit = all.clear()

  override def findAllMatchingRequest(
      request: Request,
      customMatchers: java.util.Map[String, RequestMatcherExtension],
      subEvents: Consumer[SubEvent]
  ): java.util.stream.Stream[StubMapping] =
    Option(request.getHeader(StubClient.StubHeader)) match {
      case None       => all.findAllMatchingRequest(request, customMatchers, subEvents)
      case Some(stub) =>
        new StubMappingsByName.Named(all, stub).findAllMatchingRequest(request, customMatchers, subEvents)
    }
}

private[sandbox] object StubMappingsByName {

  /** WireMock's default stores with [[StubMappingsByName]] over its in-memory mappings. */
  final class Stores(files: FileSource) extends DefaultStores(files) {
    private val mappings = new StubMappingsByName(super.getStubStore)
    override def getStubStore: StubMappingStore = mappings
  }

  /** The mappings named `stub`, matched by WireMock's own matching (the interface's). */
  private final class Named(all: StubMappingStore, stub: String) extends StubMappingStore {
    override def getAll: java.util.stream.Stream[StubMapping] = all.getAll.filter(mapping => stub == mapping.getName)
    override def get(id: UUID): Optional[StubMapping] = all.get(id)
    override def add(mapping: StubMapping): Unit = unsupported
    override def replace(existing: StubMapping, updated: StubMapping): Unit = unsupported
    override def remove(mapping: StubMapping): Unit = unsupported
    override def clear(): Unit = unsupported
    private def unsupported = throw new UnsupportedOperationException("a view for matching only")
  }
}
