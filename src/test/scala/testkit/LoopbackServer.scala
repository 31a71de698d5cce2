package testkit

import java.net.InetSocketAddress
import java.util.concurrent.{ ExecutorService, Executors }
import java.util.concurrent.atomic.AtomicInteger

import com.sun.net.httpserver.{ HttpExchange, HttpServer }

/** The system under test of [[LoopbackSimulation]], on 127.0.0.1 only:
  * `/fast` answers at once, `/slow` after 10 to 49 ms (cycling), `/flaky` fails every fourth call with 500.
  */
final class LoopbackServer extends AutoCloseable {
  private val executor: ExecutorService = Executors.newFixedThreadPool(8)
  private val server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0)
  private val slowCalls = new AtomicInteger
  private val flakyCalls = new AtomicInteger

  server.createContext("/fast", respond(_, 200))
  server.createContext(
    "/slow",
    exchange => {
      Thread.sleep(10L + slowCalls.getAndIncrement() % 40)
      respond(exchange, 200)
    }
  )
  server.createContext("/flaky", exchange => respond(exchange, if (flakyCalls.incrementAndGet() % 4 == 0) 500 else 200))
  server.setExecutor(executor)
  server.start()

  def port: Int = server.getAddress.getPort

  private def respond(exchange: HttpExchange, status: Int): Unit = {
    val body = "ok".getBytes
    exchange.sendResponseHeaders(status, body.length.toLong)
    exchange.getResponseBody.write(body)
    exchange.close()
  }

  override def close(): Unit = {
    server.stop(0)
    executor.shutdownNow()
  }
}

object LoopbackServer {
  val PortProperty = "testkit.loopbackPort"
}
