/**
 * Resolves in a task of its own (a message, which fake timers leave alone): what comes after it
 * waits for the browser to paint and to handle input, rather than lengthening the current task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
