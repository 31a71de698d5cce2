package launch

import machine.InjectorHealth
import profiles.capacity.SandboxCpuWatch
import sandbox.{ BaseUrlsFile, CpuEndpoint, RunningSandbox }

object SandboxCpuSource {

  /** The sandbox's own CPU: the in-process one's threads in this JVM (as many cores as its event loops, at most
    * the machine's), or what a standalone one's endpoint, written to the target's base-URLs file, tells (beside
    * the injector where the target says `sandboxHere`).
    */
  def of(target: Target, sandbox: Option[RunningSandbox], injector: InjectorHealth): Option[SandboxCpuWatch] =
    sandbox.map { running =>
      val cores = math.min(running.settings.ioThreads, Runtime.getRuntime.availableProcessors)
      SandboxCpuWatch.of(() => Some((injector.sandboxCpuNs(), cores)))
    }.orElse(Option.when(target.block.hasPath(BaseUrlsFile.CpuUrlKey)) {
      val url = target.block.getString(BaseUrlsFile.CpuUrlKey)
      val here = target.block.hasPath("sandboxHere") && target.block.getBoolean("sandboxHere")
      SandboxCpuWatch.of(() => CpuEndpoint.read(url), besideInjector = here)
    })
}
