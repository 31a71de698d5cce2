package deploy

import java.nio.file.{ Files, Paths }
import java.util.concurrent.TimeUnit

import scala.jdk.CollectionConverters._
import scala.reflect.ClassTag
import scala.util.Using

import com.fasterxml.jackson.dataformat.yaml.YAMLMapper
import io.fabric8.kubernetes.api.model.{ ConfigMap, Container, KubernetesResource, PersistentVolumeClaim, PodSpec }
import io.fabric8.kubernetes.api.model.batch.v1.Job
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

/** deploy/k8s/, read with the Kubernetes model (fabric8's), and deploy/shard.sh and deploy/merge.sh, the
  * commands its pods run: each pod of the Indexed Job is one shard, all on the one results volume, and
  * the merge names a shard that left no run instead of merging the others.
  */
class K8sManifestsTest {
  private val dir = Paths.get("deploy/k8s")
  private val yaml = new YAMLMapper()
  private def read[T](file: String)(implicit tag: ClassTag[T]): T =
    yaml.readValue(dir.resolve(file).toFile, tag.runtimeClass.asInstanceOf[Class[T]])

  private val config = read[ConfigMap]("config.yaml")
  private val pvc = read[PersistentVolumeClaim]("results-pvc.yaml")
  private val shards = read[Job]("shards-job.yaml")
  private val merge = read[Job]("merge-job.yaml")
  private val shardCount = config.getData.get("LOADTEST_SHARDS").toInt

  private def pod(job: Job): PodSpec = job.getSpec.getTemplate.getSpec
  private def container(job: Job): Container = pod(job).getContainers.asScala.toSeq match {
    case Seq(one) => one
    case more     => fail(s"${job.getMetadata.getName}: one container expected, got ${more.size}")
  }
  private def resultsMount(job: Job): String = {
    val claimed = pod(job).getVolumes.asScala.filter(v =>
      Option(v.getPersistentVolumeClaim).exists(_.getClaimName == pvc.getMetadata.getName)
    )
    assertEquals(1, claimed.size, s"${job.getMetadata.getName} mounts the results claim")
    container(job).getVolumeMounts.asScala.find(_.getName == claimed.head.getName).map(_.getMountPath).getOrElse(
      fail(s"${job.getMetadata.getName} does not mount the results volume")
    )
  }

  @Test
  def everyFieldIsOneTheModelKnows(): Unit = {
    // The model keeps a field it does not know (a misspelt completionsMode) aside instead of failing.
    def unknown(name: String, resource: KubernetesResource): Map[String, Object] =
      resource.getClass.getMethods.find(_.getName == "getAdditionalProperties").toSeq.flatMap(m =>
        m.invoke(resource).asInstanceOf[java.util.Map[String, Object]].asScala.map { case (k, v) => s"$name.$k" -> v }
      ).toMap
    Seq(shards, merge).foreach { job =>
      val name = job.getMetadata.getName
      assertEquals(
        Map.empty,
        unknown(name, job) ++ unknown(s"$name.spec", job.getSpec) ++ unknown(s"$name.pod", pod(job)) ++
          unknown(s"$name.container", container(job)) ++
          pod(job).getVolumes.asScala.flatMap(v => unknown(s"$name.volume", v))
      )
    }
    assertEquals(Map.empty, unknown("config", config) ++ unknown("pvc", pvc) ++ unknown("pvc.spec", pvc.getSpec))
  }

  @Test
  def theShardsAreAnIndexedJobOfNPodsAllAtOnceOnTheSharedVolume(): Unit = {
    assertEquals("Indexed", shards.getSpec.getCompletionMode)
    assertEquals((shardCount, shardCount), (shards.getSpec.getCompletions.toInt, shards.getSpec.getParallelism.toInt))
    assertEquals(0, shards.getSpec.getBackoffLimit.toInt, "a load test is never retried")
    assertEquals("Never", pod(shards).getRestartPolicy)
    assertEquals(List("/opt/loadtest/shard.sh"), container(shards).getCommand.asScala.toList)
    assertEquals(List("ReadWriteMany"), pvc.getSpec.getAccessModes.asScala.toList, "shards on several nodes")
    assertTrue(config.getData.get("LOADTEST_RESULTS").startsWith(resultsMount(shards) + "/"))
  }

  @Test
  def theMergeWaitsForTheShardsOnTheSameVolumeWithTheSameParameters(): Unit = {
    assertEquals(List("/opt/loadtest/merge.sh"), container(merge).getCommand.asScala.toList)
    assertEquals(resultsMount(shards), resultsMount(merge))
    assertEquals(container(shards).getImage, container(merge).getImage)
    // The merge is applied with the shards: it runs after them by waiting for their exit-code files.
    assertTrue(config.getData.get("LOADTEST_MERGE_WAIT_SECONDS").toInt > 0)
    Seq(shards, merge).foreach { job =>
      assertEquals(
        Seq(config.getMetadata.getName),
        container(job).getEnvFrom.asScala.flatMap(e => Option(e.getConfigMapRef)).map(_.getName).toSeq
      )
    }
  }

  @Test
  def secretsComeFromASecretNeverFromTheManifests(): Unit = {
    val fromSecret = container(shards).getEnvFrom.asScala.flatMap(e => Option(e.getSecretRef)).toSeq
    assertEquals(Seq("loadtest-secrets"), fromSecret.map(_.getName))
    // Parameters come from the ConfigMap, the run id among them: the merge merges the run its shards were given.
    Seq(shards, merge).foreach(job => assertTrue(container(job).getEnv.isEmpty, "parameters come from the ConfigMap"))
    assertTrue(config.getData.get("LOADTEST_RUN_ID").nonEmpty, "one run id for the shards and the merge")
    val secretLike = "(?i).*(token|password|secret).*"
    assertEquals(Nil, config.getData.keySet.asScala.filter(_.matches(secretLike)).toList)
    val kustomization = Files.readString(dir.resolve("kustomization.yaml"))
    Seq("config.yaml", "results-pvc.yaml", "shards-job.yaml", "merge-job.yaml").foreach(f =>
      assertTrue(kustomization.contains(s"- $f"), f)
    )
  }

  @Test
  def aTerminatedShardPodStopsItsLoadGracefullyWithTimeToArchive(): Unit = {
    assertTrue(pod(shards).getTerminationGracePeriodSeconds.toLong >= 120, "time for the stop, report and archive")
    // The kubelet's TERM goes to PID 1, shard.sh itself, which passes it on (ShardStopsEndToEndTest): no shell
    // in between, and no hook whose TERM a second or more before the kubelet's would make the latter an abort.
    assertEquals(List("/opt/loadtest/shard.sh"), container(shards).getCommand.asScala.toList)
    assertTrue(Option(container(shards).getArgs).forall(_.isEmpty))
    assertEquals(None, Option(container(shards).getLifecycle).flatMap(l => Option(l.getPreStop)))
    val dockerfile = Files.readString(Paths.get("deploy/Dockerfile"))
    assertTrue(dockerfile.contains("""ENTRYPOINT ["/opt/loadtest/shard.sh"]"""), "the image's PID 1, in exec form")
  }

  /** Runs a deploy/ script with `env`; a classpath without the suite makes each injector fail at once. */
  private def script(name: String, env: Map[String, String]): (Int, String) = {
    val builder = new ProcessBuilder(s"deploy/$name").redirectErrorStream(true)
    builder.environment().putAll((env + ("LOADTEST_CLASSPATH" -> "/nonexistent")).asJava)
    val process = builder.start()
    val output = new String(process.getInputStream.readAllBytes())
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), output)
    (process.exitValue, output)
  }

  @Test
  def podKIsShardKPlusOneOfNAndAShardWithoutARunStopsTheMergeNamingIt(): Unit = {
    val results = Files.createTempDirectory("k8s-shards-")
    def env(index: Option[Int]) = Map(
      "LOADTEST_SHARDS" -> "3",
      "LOADTEST_RUN_ID" -> "k8s-test",
      "LOADTEST_SIMULATION" -> "simulations.RaidSimulation",
      "LOADTEST_RESULTS" -> results.toString
    ) ++ index.map(i => "JOB_COMPLETION_INDEX" -> i.toString)
    val (code, output) = script("shard.sh", env(Some(1)))
    assertTrue(output.startsWith(s"shard 2/3: simulations.RaidSimulation"), output)
    assertTrue(output.contains(s"shard 2/3: no run archived in $results/shard-2"), output)
    assertNotEquals(0, code)
    assertTrue(Files.isRegularFile(results.resolve("shard-2/exit-code")))

    assertEquals(
      (
        2,
        s"merge: shard 1/3 ($results/shard-1) missing: it never finished or its results were not collected; " +
          s"shard 2/3 ($results/shard-2) left no run (exit code 1): see its log; " +
          s"shard 3/3 ($results/shard-3) missing: it never finished or its results were not collected\n"
      ),
      script("merge.sh", env(None))
    )
    assertEquals(
      Set("shard-2"),
      Using.resource(Files.list(results))(_.iterator.asScala.map(_.getFileName.toString).toSet),
      "nothing merged"
    )
  }
}
