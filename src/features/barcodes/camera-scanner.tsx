import { useEffect, useRef, useState } from 'react';

/** The formats a stockroom meets: retail codes on products and Code 128 on our own labels. */
const FORMATS = ['code_128', 'ean_13', 'upc_a', 'ean_8', 'upc_e', 'code_39', 'qr_code'];
/** The same code seen again within this time is the same scan, not a second one. */
const REPEAT_MS = 2500;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

function nativeDetector(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return typeof candidate === 'function' ? candidate : null;
}

export function cameraErrorText(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Camera access was refused. Allow the camera for this site, or use a scanner';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No camera was found on this device';
  if (name === 'NotReadableError') return 'The camera is in use by another app';
  return 'The camera could not be started';
}

export interface CameraScannerProps {
  onScan: (code: string) => void;
  onError: (message: string) => void;
  onClose: () => void;
}

/**
 * Reads barcodes from the device camera: the browser's BarcodeDetector where there is one
 * (Chrome on Android, ChromeOS, macOS), else ZXing's decoder (loaded only then, it is large).
 */
export function CameraScanner({ onScan, onError, onClose }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [engine, setEngine] = useState<'native' | 'zxing' | null>(null);
  const callbacks = useRef({ onScan, onError });
  useEffect(() => {
    callbacks.current = { onScan, onError };
  }, [onScan, onError]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    let stopped = false;
    let stop: () => void = () => undefined;
    let last = { code: '', at: 0 };
    const seen = (code: string) => {
      const now = Date.now();
      if (code === last.code && now - last.at < REPEAT_MS) return;
      last = { code, at: now };
      callbacks.current.onScan(code);
    };

    const start = async () => {
      const Detector = nativeDetector();
      if (Detector) {
        const supported = (await Detector.getSupportedFormats?.()) ?? FORMATS;
        const detector = new Detector({ formats: FORMATS.filter((f) => supported.includes(f)) });
        const stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
        });
        if (stopped) {
          stream.getTracks().forEach((track) => track.stop());
          return;
        }
        video.srcObject = stream;
        await video.play();
        setEngine('native');
        const timer = window.setInterval(() => {
          if (video.readyState < 2) return;
          detector
            .detect(video)
            .then((codes) => codes[0] && seen(codes[0].rawValue))
            .catch(() => undefined); // a frame that cannot be read: try the next one
        }, 200);
        stop = () => {
          window.clearInterval(timer);
          stream.getTracks().forEach((track) => track.stop());
        };
        return;
      }
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      if (stopped) return;
      const reader = new BrowserMultiFormatReader();
      const controls = await reader.decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        video,
        (result) => {
          if (result) seen(result.getText());
        },
      );
      if (stopped) controls.stop();
      setEngine('zxing');
      stop = () => controls.stop();
    };

    start().catch((error: unknown) => {
      if (!stopped) callbacks.current.onError(cameraErrorText(error));
    });
    return () => {
      stopped = true;
      stop();
    };
  }, []);

  return (
    <div className="camera-scanner" data-testid="camera-scanner">
      <video ref={videoRef} className="camera-scanner__video" muted playsInline aria-hidden />
      <p className="muted" aria-live="polite">
        {engine === null ? 'Starting the camera…' : 'Point the camera at a barcode.'}
      </p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        Stop camera
      </button>
    </div>
  );
}
